/**
 * The Authorization header for a step of sign-in that runs on the temporary token (e-mail or
 * two-factor) rather than the stored session token; the API client keeps a header set here.
 */
export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}
