// Uploads for server tests: multipart/form-data bodies for `app.inject()`, plain PNGs, and PNGs
// whose header claims a huge size, as a decompression bomb would.
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
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

/** POSTs a multipart `form` (as `multipart` makes it) to `url`, as the user signed in with `token`. */
export function postForm(
  app: FastifyInstance,
  url: string,
  token: string,
  form: { payload: Buffer; headers: Record<string, string> },
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
}

/** A plain PNG of the given side. */
export const png = (size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/**
 * A small PNG whose header declares `width` × `height` (the pixel data stays small): what a
 * decompression bomb looks like to the checks before decoding.
 */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const copy = Buffer.from(await png(64));
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height; the CRC covers type and data.
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}
