/** The success envelope `{ message, data }`: `message` is what the web app shows, `data` the payload. */
export function ok<T>(message: string, data: T): { message: string; data: T } {
  return { message, data };
}
