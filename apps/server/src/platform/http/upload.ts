import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** Whether an error thrown by a plugin already says what the client did wrong (a 4xx of its own). */
const isClientError = (error: unknown) => {
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * The one image of a multipart/form-data upload, in the field `image` (profile pictures, ticket
 * screenshots); the route's multipart limits bound its size. A body that is not multipart, or that
 * is broken (no closing boundary, no parts), is the client's mistake: a 415 or a 400, never a 500.
 */
export async function uploadedImage(request: FastifyRequest, bytesMax: number): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
  const file = await request.file().catch((error: unknown) => {
    if (isClientError(error)) throw error;
    throw new AppError('VALIDATION', 'The upload could not be read: send one image as multipart/form-data');
  });
  if (file?.fieldname !== 'image') throw new AppError('VALIDATION', 'Choose an image to upload');
  try {
    return await file.toBuffer();
  } catch {
    throw new AppError('PAYLOAD_TOO_LARGE', `The image must be at most ${bytesMax / (1024 * 1024)} MB`);
  }
}
