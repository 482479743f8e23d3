// The bell in the top bar: the unread count and a panel of the latest notifications, each leading
// to what it is about and marked read when opened. It also listens for new ones on the stream.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconBell } from '../../../components/app-icons';
import { formatTimeAgo } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useKeepInViewport } from '../../../lib/keep-in-viewport';
import { PATHS } from '../../../lib/paths';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { useLiveNotifications } from '../api/use-live-notifications';
import { NotificationMessage } from './notification-message';
import { notificationTarget } from './notification-target';
import styles from './notifications.module.css';

const PREVIEW_COUNT = 6;

/**
 * The bell in the top bar: the unread count, and a panel with the latest notifications. It also
 * keeps the stream's notification events flowing while the dashboard is open.
 */
export function NotificationBell() {
  const t = useT();
  useLiveNotifications();
  const query = useNotifications(1, PREVIEW_COUNT);
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useKeepInViewport(panelRef, isOpen);
  const panelId = useId();
  const unread = query.data?.unread ?? 0;

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  return (
    <div className={styles.bellRoot} ref={rootRef}>
      <button
        type="button"
        className={styles.bell}
        aria-label={unread > 0 ? t('notifications.bell.unread', { unread }) : t('account.notifications')}
        aria-expanded={isOpen}
        aria-controls={panelId}
        data-testid="notification-bell"
        onClick={() => setIsOpen((open) => !open)}
      >
        <IconBell size={18} />
        {unread > 0 ? (
          <span className={styles.count} data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {isOpen ? (
        <div
          ref={panelRef}
          className={styles.panel}
          id={panelId}
          role="dialog"
          aria-label={t('account.notifications')}
        >
          <div className={styles.panelHeader}>
            <span className={styles.panelTitle}>{t('account.notifications')}</span>
            <button
              type="button"
              className={styles.textButton}
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              {t('notifications.markAllRead')}
            </button>
          </div>
          {query.data && query.data.items.length > 0 ? (
            <ul className={styles.list}>
              {query.data.items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={[styles.item, item.readAt ? '' : styles.unread].join(' ')}
                    data-unread={item.readAt ? undefined : true}
                    onClick={() => {
                      if (!item.readAt) markRead.mutate([item.id]);
                      setIsOpen(false);
                      void navigate(notificationTarget(item));
                    }}
                  >
                    <span className={styles.itemMessage}>
                      <NotificationMessage item={item} />
                    </span>
                    <span className={styles.itemTime}>{formatTimeAgo(item.createdAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.panelEmpty}>
              {query.isPending ? t('common.loading') : t('notifications.bell.empty')}
            </p>
          )}
          <Link to={PATHS.notifications} className={styles.panelFooter} onClick={() => setIsOpen(false)}>
            {t('notifications.bell.all')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
