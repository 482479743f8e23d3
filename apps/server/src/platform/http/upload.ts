import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { enforce, type RateLimiter, type RateLimitRule } from '../rate-limit';

/**
 * Image uploads of one user (profile picture, ticket attachments, identity documents together):
 * a person attaches a few screenshots in a minute; a script decoding images on our cores does not
 * get past this many.
 */
export const IMAGE_UPLOADS_PER_USER: RateLimitRule = {
  name: 'image-upload-user',
  max: 30,
  windowMs: 10 * 60_000,
};

const IMAGE_UPLOADS_MESSAGE = 'Too many images uploaded; please wait a few minutes and try again';

/** Counts one image upload of `userId`, before its body is read; over the limit, a 429. */
export function limitImageUploads(limiter: RateLimiter, userId: string): Promise<void> {
  return enforce(limiter, IMAGE_UPLOADS_PER_USER, userId, IMAGE_UPLOADS_MESSAGE);
}

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

/**
 * A multipart/form-data form of several named images and text fields (identity documents): each
 * part must be one of the names given, at most once; a file over `bytesMax` is a 413 naming it. The
 * route's multipart limits bound the number of parts.
 */
export async function uploadedForm<F extends string, T extends string>(
  request: FastifyRequest,
  form: { files: readonly F[]; fields: readonly T[]; bytesMax: number },
): Promise<{ files: Partial<Record<F, Buffer>>; fields: Partial<Record<T, string>> }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data');
  const files: Partial<Record<F, Buffer>> = {};
  const fields: Partial<Record<T, string>> = {};
  const unexpected = (name: string) =>
    new AppError('VALIDATION', `Unexpected part "${name.slice(0, 40)}"`, [
      { field: `body.${name.slice(0, 40)}`, message: 'Not part of this form' },
    ]);
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (!(form.files as readonly string[]).includes(name) || name in files) throw unexpected(name);
        try {
          files[name as F] = await part.toBuffer();
        } catch {
          const message = `The image must be at most ${form.bytesMax / (1024 * 1024)} MB`;
          throw new AppError('PAYLOAD_TOO_LARGE', message, [{ field: `body.${name}`, message }]);
        }
      } else {
        if (!(form.fields as readonly string[]).includes(name) || name in fields) throw unexpected(name);
        fields[name as T] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError || isClientError(error)) throw error;
    throw new AppError('VALIDATION', 'The upload could not be read: send the form as multipart/form-data');
  }
  return { files, fields };
}
