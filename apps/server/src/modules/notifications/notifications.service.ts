import type { TNotificationEventFull } from '@td/contracts/notifications';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Bus } from '../../platform/bus/bus';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { renderEmail } from '../../platform/mail/email-layout';
import type { Mailer } from '../../platform/mail/mailer';
import { users } from '../auth/auth.schema';
import { notifications } from './notifications.schema';

/** The bus channel of new notifications; the stream sends each to its user's room. */
export const NOTIFICATIONS_CHANNEL = 'user.notifications';

/** An e-mail that goes with a notification, in the shared layout, with the user's greeting and phrase. */
export interface NotificationEmail {
  subject: string;
  paragraphs: string[];
  button?: { label: string; url: string };
}

export type NotificationRow = typeof notifications.$inferSelect;

export const toNotificationDto = (row: NotificationRow) => ({
  id: row.id,
  kind: row.kind,
  message: row.message,
  payload: row.payload,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/**
 * The notification centre. `notify(userId, kind, payload)` is what any module calls: the row is
 * stored (so the centre shows it later), the user's open screens get the stream's `notification`
 * event through the bus, and with `email` a mail goes out too. Delivery failures are logged, never
 * thrown: a notification never undoes the action it reports.
 */
export function createNotifier(deps: { db: Database; bus: Bus; mailer: Mailer; logger: Logger }) {
  const { db } = deps;
  const log = deps.logger.child({ module: 'notifications' });

  const mail = async (userId: string, email: NotificationEmail) => {
    const [user] = await db
      .select({
        email: users.email,
        firstName: users.firstName,
        phrase: users.antiPhishingPhrase,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user || user.deletedAt) return;
    await deps.mailer.send({
      to: user.email,
      subject: email.subject,
      ...renderEmail({
        title: email.subject,
        preheader: email.paragraphs[0] ?? email.subject,
        greeting: `Hi ${user.firstName.trim() || 'there'},`,
        paragraphs: email.paragraphs,
        ...(email.button ? { button: email.button } : {}),
        antiPhishingPhrase: user.phrase,
      }),
    });
  };

  return {
    async notify(
      userId: string,
      kind: string,
      payload: { message: string } & Record<string, unknown>,
      options: { email?: NotificationEmail } = {},
    ): Promise<TNotificationEventFull | undefined> {
      const { message, ...details } = payload;
      try {
        const [row] = await db
          .insert(notifications)
          .values({ userId, kind, message, payload: details })
          .returning();
        if (!row) return undefined;
        const event = toNotificationDto(row);
        await deps.bus.publish(NOTIFICATIONS_CHANNEL, { userId, event });
        if (options.email) await mail(userId, options.email);
        return event;
      } catch (error) {
        log.warn({ err: error, kind, userId }, 'a notification was not delivered');
        return undefined;
      }
    },

    async list(userId: string, page: number, limit: number) {
      const [items, [total], [unread]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
      ]);
      return {
        items: items.map(toNotificationDto),
        page,
        limit,
        total: total?.n ?? 0,
        unread: unread?.n ?? 0,
      };
    },

    /** Marks the given notifications (or all) of the user read; answers how many were unread. */
    async markRead(userId: string, ids: string[] | undefined): Promise<number> {
      if (ids?.length === 0) return 0;
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids ? inArray(notifications.id, ids) : undefined,
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
export type Notify = Notifier['notify'];
