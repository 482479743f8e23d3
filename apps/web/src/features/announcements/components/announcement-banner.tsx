import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { formatDateTime } from '../../../lib/format';
import { tCount, useT } from '../../../lib/i18n';
import { useAnnouncements, useMarkAnnouncementRead } from '../api/announcements';
import styles from './announcement-banner.module.css';

/**
 * The newest unread announcement from the broker, at the top of every signed-in screen until the
 * user marks it read (a button, so Tab and Enter do it). Its text is as staff wrote it.
 */
export function AnnouncementBanner() {
  const t = useT();
  const { data } = useAnnouncements();
  const markRead = useMarkAnnouncementRead();
  const [announcement, ...more] = data ?? [];
  if (!announcement) return null;
  return (
    <section className={styles.banner} aria-label={t('announcements.label')}>
      <Callout
        tone="info"
        role="status"
        title={announcement.title}
        action={
          <div className={styles.actions}>
            <Button size="sm" variant="secondary" onClick={() => markRead.mutate(announcement.id)}>
              {t('announcements.markRead')}
            </Button>
            {more.length > 0 ? (
              <span className={styles.more}>{tCount('announcements.more', more.length)}</span>
            ) : null}
          </div>
        }
      >
        <p className={styles.body}>{announcement.body}</p>
        <p className={styles.meta}>
          <time dateTime={announcement.createdAt}>{formatDateTime(announcement.createdAt)}</time>
        </p>
      </Callout>
    </section>
  );
}
