/** The box a ticket is answered in, by its user or by support: a message, attachments and Send. */
import { type FormEvent, useState } from 'react';
import { IconSend } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { TextAreaField } from '../../../components/text-field';
import { AttachmentPicker, type TAttachment } from './attachment-picker';

interface TTicketReplyFormProps {
  label: string;
  placeholder?: string;
  sendLabel: string;
  /** False while there is nothing to reply to yet (the ticket still loading). */
  canSend?: boolean;
  isPending: boolean;
  /** Sends the reply; the box empties when it resolves, and keeps the text when it rejects. */
  onSend: (reply: { message: string; attachments: string[] }) => Promise<unknown>;
  /** The screen's own layout: the form's, and the row of the attachments and Send. */
  classNames: { form: string | undefined; actions: string | undefined };
}

export function TicketReplyForm({
  label,
  placeholder,
  sendLabel,
  canSend = true,
  isPending,
  onSend,
  classNames,
}: TTicketReplyFormProps) {
  const [message, setMessage] = useState('');
  const [attachments, setAttachments] = useState<TAttachment[]>([]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return;
    try {
      await onSend({ message, attachments: attachments.map((attachment) => attachment.id) });
      setMessage('');
      setAttachments([]);
    } catch {
      // The api client has shown the error.
    }
  };

  return (
    <form className={classNames.form} onSubmit={(event) => void onSubmit(event)}>
      <TextAreaField
        label={label}
        value={message}
        rows={4}
        onChange={(event) => setMessage(event.target.value)}
        placeholder={placeholder}
      />
      <div className={classNames.actions}>
        <AttachmentPicker value={attachments} onChange={setAttachments} />
        <Button
          type="submit"
          variant="primary"
          icon={<IconSend size={16} />}
          isLoading={isPending}
          disabled={!canSend || !message.trim()}
        >
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
