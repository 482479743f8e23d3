import type { TLanguageCode } from '@td/contracts/auth';
import { type TNotificationEventFull, ZNotificationEventFull } from '@td/contracts/notifications';
import { z } from 'zod';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { type Brand, greetingFor, renderEmail } from '../../platform/mail/email-layout';
import type { Mailer } from '../../platform/mail/mailer';
import type { AuthRepository } from '../auth/auth.repository';
import { createNotificationsRepository, type NotificationRow } from './notifications.repository';

/** The bus channel of new notifications; the stream sends each to its user's room. */
export const NOTIFICATIONS_CHANNEL = defineChannel(
  'user.notifications',
  z.object({ userId: z.string(), event: ZNotificationEventFull }),
);

/** An e-mail that goes with a notification, in the shared layout, with the user's greeting and phrase. */
export interface NotificationEmail {
  subject: string;
  paragraphs: string[];
  button?: { label: string; url: string };
}

/** A notice's e-mail in the account's language (the words of each language the product speaks). */
export type LocalizedEmail = (language: TLanguageCode) => NotificationEmail;

/** The button of a security notice's mail. */
export const REVIEW_SECURITY: Record<TLanguageCode, string> = {
  en: 'Review your security',
  es: 'Revisar tu seguridad',
  ru: 'Проверить безопасность',
};

export type { NotificationRow } from './notifications.repository';

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
export function createNotifier(deps: {
  db: Database;
  bus: Bus;
  mailer: Mailer;
  logger: Logger;
  /** Where a notice's e-mail goes, and its greeting and anti-phishing phrase: the account's. */
  users: Pick<AuthRepository, 'findUserById'>;
  /** The product's name and support address in every mail (the operator's settings). */
  brand: () => Promise<Brand>;
}) {
  const repo = createNotificationsRepository(deps.db);
  const log = deps.logger.child({ module: 'notifications' });

  const mail = async (userId: string, localized: LocalizedEmail) => {
    const user = await deps.users.findUserById(userId);
    if (!user || user.deletedAt) return;
    const email = localized(user.language);
    await deps.mailer.send({
      to: user.email,
      subject: email.subject,
      ...renderEmail({
        title: email.subject,
        preheader: email.paragraphs[0] ?? email.subject,
        language: user.language,
        greeting: greetingFor(user.firstName, user.language),
        paragraphs: email.paragraphs,
        ...(email.button ? { button: email.button } : {}),
        antiPhishingPhrase: user.antiPhishingPhrase,
        brand: await deps.brand(),
      }),
    });
  };

  return {
    async notify(
      userId: string,
      kind: string,
      payload: { message: string } & Record<string, unknown>,
      options: { email?: LocalizedEmail } = {},
    ): Promise<TNotificationEventFull | undefined> {
      const { message, ...details } = payload;
      try {
        const row = await repo.insert({ userId, kind, message, payload: details });
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

    /** Mails a user (in the shared layout, their greeting and phrase); throws when it did not go out. */
    email: mail,

    async list(userId: string, page: number, limit: number) {
      const { items, total, unread } = await repo.list(userId, page, limit);
      return { items: items.map(toNotificationDto), page, limit, total, unread };
    },

    /** Marks the given notifications (or all) of the user read; answers how many were unread. */
    async markRead(userId: string, ids: string[] | undefined): Promise<number> {
      return ids?.length === 0 ? 0 : repo.markRead(userId, ids);
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
export type Notify = Notifier['notify'];
