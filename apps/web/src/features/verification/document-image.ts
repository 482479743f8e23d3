import { AVATAR_BYTES_MAX, AVATAR_TYPES } from '@td/contracts/profile';
import { t } from '../../lib/i18n';

/** The longest side a document photo is sent at: its smallest print stays readable. */
const DOCUMENT_SIDE_PX = 2000;
const JPEG_QUALITY = 0.88;

/**
 * A phone's camera takes photos of several megabytes and more pixels than a document needs: a
 * photo over the server's limit, or larger than needed, is scaled down here and sent as a JPEG. A
 * small one goes as it is. Refused (a message) when it is not an image the server takes.
 */
export async function documentUpload(file: File): Promise<{ blob: Blob } | { error: string }> {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
    return { error: t('verification.photo.type') };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { error: t('verification.photo.unreadable') };
  }
  const scale = Math.min(1, DOCUMENT_SIDE_PX / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= AVATAR_BYTES_MAX) {
    bitmap.close();
    return { blob: file };
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  if (!blob || blob.size > AVATAR_BYTES_MAX) return { error: t('verification.photo.tooLarge') };
  return { blob };
}
