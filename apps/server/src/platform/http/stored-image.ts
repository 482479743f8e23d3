import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors';

/**
 * A stored file's name as asked for: bounded here, and matched against the store's own pattern by
 * {@link sendStoredImage}, so any other name (`../secret`) is a file that does not exist.
 */
const STORED_FILE_LENGTH_MAX = 100;
export const ZStoredFileParams = z.object({
  file: z
    .string()
    .max(STORED_FILE_LENGTH_MAX, 'Not a file name')
    .regex(/^[\x21-\x7E]+$/, 'Not a file name'),
});

/**
 * Sends an uploaded image (stored re-encoded as WebP under a random name) from `dir`: `file` must
 * match `pattern`, so no other path can be asked for; anything missing is a 404.
 */
export async function sendStoredImage(
  reply: FastifyReply,
  image: { dir: string; file: string; pattern: RegExp; cacheControl: string },
) {
  if (!image.pattern.test(image.file)) throw notFound('Image not found');
  const path = join(image.dir, image.file);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw notFound('Image not found');
  return reply
    .type('image/webp')
    .header('cache-control', image.cacheControl)
    .header('content-length', info.size)
    .send(createReadStream(path));
}
