import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { notFound } from '../errors';

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
