import { AVATAR_BYTES_MAX } from '@td/contracts/profile';
import type sharp from 'sharp';
import { AppError } from '../../platform/errors';
import { lazyModule } from '../../platform/lazy-module';
import { Semaphore } from '../../platform/semaphore';

/** The stored avatar: a square WebP, whatever came in. */
export const AVATAR_SIDE_PX = 256;
const AVATAR_WEBP_QUALITY = 82;
const AVATAR_SIDE_PX_MIN = 32;
// A 2 MB file may still declare a huge canvas (a decompression bomb): refuse before decoding. 40
// megapixels covers any phone camera.
export const IMAGE_INPUT_PIXELS_MAX = 40_000_000;
/**
 * Images run through the decoder at once (one per core: a 40-megapixel PNG holds a core for ~0.8 s)
 * and waiting for it; past the queue an upload is refused at once with a 503 and `Retry-After`,
 * never queued without bound.
 */
export const IMAGE_DECODES_RUNNING_MAX = 2;
export const IMAGE_DECODES_WAITING_MAX = 16;
/** The decoder's slots, shared by every upload of the process (avatars, attachments, documents). */
export const imageDecoding = new Semaphore(IMAGE_DECODES_RUNNING_MAX, IMAGE_DECODES_WAITING_MAX);
// The whole decode and re-encode of one upload; a legitimate image takes well under a second.
const AVATAR_PROCESS_TIMEOUT_S = 10;

type AvatarFormat = 'png' | 'jpeg' | 'webp';

const UNSUPPORTED = 'Upload a PNG, JPEG or WebP image';

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
const damaged = () => new AppError('VALIDATION', 'The image is damaged and cannot be read');

/** libvips (sharp) is loaded at the first upload, not at start. */
const loadSharp = lazyModule(async () => (await import('sharp')).default);

const startsWith = (input: Buffer, bytes: number[], offset = 0) =>
  input.length >= offset + bytes.length && bytes.every((byte, i) => input[offset + i] === byte);

/** The format the first bytes announce. A file name or a client's MIME type is never asked. */
function sniffFormat(input: Buffer): AvatarFormat | undefined {
  if (startsWith(input, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(input, [0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF <size> WEBP
  if (startsWith(input, [0x52, 0x49, 0x46, 0x46]) && startsWith(input, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return undefined;
}

/**
 * What an accepted upload becomes: a square crop (avatars) or the image fitted inside a box; at most
 * `pixelsMax` pixels in (default {@link IMAGE_INPUT_PIXELS_MAX}); `field` names the upload in a
 * refusal (default `body.image`).
 */
export type ImageOutput = ({ fit: 'cover'; sidePx: number } | { fit: 'inside'; sidePx: number }) & {
  pixelsMax?: number;
  field?: string;
};

/**
 * Turns an uploaded image into the avatar that is stored and served: a 256×256 WebP, upright
 * (EXIF orientation applied), cropped to the centre, re-encoded from decoded pixels with no
 * metadata. Nothing of the uploaded bytes survives, so a polyglot file (an image that is also a
 * script or an archive) and the uploader's GPS position go no further than this function.
 */
export function processAvatar(input: Buffer): Promise<Buffer> {
  return processUploadedImage(input, { fit: 'cover', sidePx: AVATAR_SIDE_PX });
}

/**
 * The checks and re-encoding of every uploaded image (avatars, ticket attachments): sniffed
 * format, size and pixel limits, decoded and written again as a WebP without metadata.
 */
export async function processUploadedImage(input: Buffer, output: ImageOutput): Promise<Buffer> {
  if (input.length > AVATAR_BYTES_MAX)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The image must be at most 2 MB');
  const format = sniffFormat(input);
  if (!format) throw unsupported();
  const sharp = await loadSharp();
  return imageDecoding.run(() => decodeAndEncode(sharp, input, format, output));
}

async function decodeAndEncode(
  sharp: Awaited<ReturnType<typeof loadSharp>>,
  input: Buffer,
  format: AvatarFormat,
  output: ImageOutput,
): Promise<Buffer> {
  const pixelsMax = Math.min(output.pixelsMax ?? IMAGE_INPUT_PIXELS_MAX, IMAGE_INPUT_PIXELS_MAX);
  const options = { limitInputPixels: pixelsMax, failOn: 'truncated' } as const;
  let metadata: sharp.Metadata;
  try {
    // Reading the header decodes no pixels, so the pixel limit waits for the check below, where a
    // bomb gets its own answer rather than "damaged".
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw damaged();
  }
  // The decoder must read the file as the format its first bytes claim: a file that looks like one
  // format to us and another to libvips is refused rather than guessed at.
  if (metadata.format !== format) throw unsupported();
  const { width, height } = metadata;
  if (!width || !height) throw damaged();
  if (width * height > pixelsMax) {
    const message = `The image has too many pixels (${width} × ${height}): at most ${pixelsMax / 1_000_000} megapixels`;
    throw new AppError('VALIDATION', message, [{ field: output.field ?? 'body.image', message }]);
  }
  if (width < AVATAR_SIDE_PX_MIN || height < AVATAR_SIDE_PX_MIN) {
    throw new AppError(
      'VALIDATION',
      `The image must be at least ${AVATAR_SIDE_PX_MIN} × ${AVATAR_SIDE_PX_MIN} pixels`,
    );
  }

  try {
    // sharp drops every metadata block (EXIF, ICC, XMP) on output unless told to keep it.
    return await sharp(input, options)
      .autoOrient()
      .resize(
        output.sidePx,
        output.sidePx,
        output.fit === 'cover'
          ? { fit: 'cover', position: 'centre' }
          : { fit: 'inside', withoutEnlargement: true },
      )
      .webp({ quality: AVATAR_WEBP_QUALITY })
      .timeout({ seconds: AVATAR_PROCESS_TIMEOUT_S })
      .toBuffer();
  } catch {
    // Past the header checks, a decoder failure means bad pixel data: the upload's fault, not ours.
    throw damaged();
  }
}
