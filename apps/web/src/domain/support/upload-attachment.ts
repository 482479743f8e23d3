import { AVATAR_BYTES_MAX, AVATAR_TYPES } from '@td/contracts/profile';
import { ZAttachmentData } from '@td/contracts/tickets';
import { api } from '../../lib/api-client';
import { t } from '../../lib/i18n';

/** What a picked file is refused for before a byte is sent (the server checks again); null when fine. */
export function attachmentFileError(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return t('support.attachments.type');
  if (file.size > AVATAR_BYTES_MAX)
    return t('support.attachments.tooLarge', { size: AVATAR_BYTES_MAX / (1024 * 1024) });
  return null;
}

/** POST /tickets/attachments, multipart `image` → {id, url}: the id goes with the message. */
export function uploadAttachment(file: File) {
  const body = new FormData();
  body.append('image', file);
  return api.post('/tickets/attachments', body, {
    schema: ZAttachmentData,
    headers: { 'Content-Type': 'multipart/form-data' },
    fallbackErrorMessage: t('support.attachments.uploadFailed'),
  });
}
