// Picks image attachments for a support ticket message: each file is uploaded as soon as it is
// picked and shown as a thumbnail that can be removed before sending.
import { TICKET_ATTACHMENTS_MAX } from '@td/contracts/tickets';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { IconPaperclip, IconX } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { useT } from '../../../lib/i18n';
import { attachmentFileError, uploadAttachment } from '../upload-attachment';
import styles from './support.module.css';

export interface TAttachment {
  id: string;
  url: string;
}

/**
 * Image attachments of a message: each picked file is uploaded at once (checked and re-encoded by
 * the server) and shown as a thumbnail that can be removed before sending.
 */
export function AttachmentPicker({
  value,
  onChange,
  isDisabled = false,
}: {
  value: readonly TAttachment[];
  onChange: (next: TAttachment[]) => void;
  isDisabled?: boolean;
}) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const isFull = value.length + uploading >= TICKET_ATTACHMENTS_MAX;

  const onFiles = async (files: FileList | null) => {
    const picked = Array.from(files ?? []).slice(0, TICKET_ATTACHMENTS_MAX - value.length);
    const added: TAttachment[] = [];
    setUploading(picked.length);
    for (const file of picked) {
      const problem = attachmentFileError(file);
      if (problem) {
        toast.error(problem);
        continue;
      }
      try {
        added.push((await uploadAttachment(file)).data);
      } catch {
        // The api client has shown the error.
      }
    }
    setUploading(0);
    if (added.length > 0) onChange([...value, ...added]);
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className={styles.attachments}>
      {value.map((attachment) => (
        <span key={attachment.id} className={styles.thumb}>
          <img src={attachment.url} alt={t('support.attachments.thumb')} />
          <button
            type="button"
            className={styles.thumbRemove}
            aria-label={t('support.attachments.remove')}
            onClick={() => onChange(value.filter((item) => item.id !== attachment.id))}
          >
            <IconX size={12} />
          </button>
        </span>
      ))}
      <input
        ref={inputRef}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        multiple
        hidden
        data-testid="attachment-input"
        onChange={(event) => void onFiles(event.currentTarget.files)}
      />
      <Button
        type="button"
        variant="ghost"
        size="sm"
        icon={<IconPaperclip size={14} />}
        isLoading={uploading > 0}
        disabled={isDisabled || isFull}
        onClick={() => inputRef.current?.click()}
      >
        {value.length > 0
          ? t('support.attachments.count', { count: value.length, max: TICKET_ATTACHMENTS_MAX })
          : t('support.attachments.add')}
      </Button>
    </div>
  );
}
