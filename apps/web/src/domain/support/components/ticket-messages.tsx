import type { TTicketMessage } from '@td/contracts/tickets';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import styles from './support.module.css';

/**
 * A ticket's thread as a conversation: the user's messages on one side, support's on the other,
 * each with its author, time and images. `viewer` says whose side is "mine".
 */
export function TicketMessages({
  messages,
  viewer,
}: {
  messages: readonly TTicketMessage[];
  viewer: 'user' | 'staff';
}) {
  const t = useT();
  return (
    <ol className={styles.thread} aria-label={t('support.messages')}>
      {messages.map((message) => {
        const isMine = (viewer === 'staff') === message.isStaff;
        return (
          <li
            key={message.id}
            className={[styles.message, isMine ? styles.mine : styles.theirs].join(' ')}
            data-testid={message.isStaff ? 'staff-message' : 'user-message'}
          >
            <div className={styles.meta}>
              <span className={styles.author}>{message.author}</span>
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </div>
            <p className={styles.body}>{message.body}</p>
            {message.attachments.length > 0 ? (
              <div className={styles.messageImages}>
                {message.attachments.map((url) => (
                  <a key={url} href={url} target="_blank" rel="noreferrer" className={styles.messageImage}>
                    <img src={url} alt={t('support.attachment')} loading="lazy" />
                  </a>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
