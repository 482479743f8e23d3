// A notification's words as the bell's list and the notification centre show them: a dot (and, for
// screen readers, the word) while it is unread, then the message in the user's language.
import type { TNotification } from '@td/contracts/notifications';
import { translateServerMessage, useT } from '../../../lib/i18n';
import styles from './notifications.module.css';

export function NotificationMessage({ item }: { item: Pick<TNotification, 'message' | 'readAt'> }) {
  const t = useT();
  return (
    <>
      {item.readAt ? null : (
        <>
          <span className={styles.unreadDot} aria-hidden="true" />
          <span className="visually-hidden">{t('notifications.unread')}</span>
        </>
      )}
      {translateServerMessage(item.message)}
    </>
  );
}
