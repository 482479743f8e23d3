import sharp from 'sharp';

const BOUNDARY = '----td-test-boundary';

/** A multipart/form-data body with one file, for `app.inject()`. */
export function multipart(field: string, filename: string, type: string, data: Buffer) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** A plain PNG of the given side. */
export const png = (size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
