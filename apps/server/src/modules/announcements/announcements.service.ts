// Announcements from staff to clients: resolves the audience (all, a group, or holders of a pair)
// into recipient rows when sent, shows each until read, and e-mails them in background batches,
// marking each mail taken before it goes so a crash never sends one twice.
import type { TAnnouncement, TSentAnnouncement, ZAnnouncementRequest } from '@td/contracts/announcements';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client';
import { readPage } from '../../platform/db/paging';
import { updateById } from '../../platform/db/rows';
import { badRequest, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { AuditActor, AuditLog } from '../admin/audit';
import { users } from '../auth/auth.schema';
import { clientGroups } from '../groups/groups.schema';
import type { Notifier } from '../notifications/notifications.service';
import { pairs } from '../pairs/pairs.schema';
import { announcementRecipients, announcements } from './announcements.schema';

type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementInput = z.output<typeof ZAnnouncementRequest>;

/** Mails are taken this many at a time, and this many go out at once. */
const MAIL_BATCH = 100;
const MAIL_CONCURRENCY = 5;
/** The user's unread announcements shown at most. */
const UNREAD_MAX = 20;

const toAnnouncement = (
  row: Pick<AnnouncementRow, 'id' | 'title' | 'body' | 'createdAt'>,
): TAnnouncement => ({
  id: row.id,
  title: row.title,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

const fieldProblem = (field: string, message: string) =>
  badRequest(message, [{ field: `body.${field}`, message }]);

/**
 * The SELECT of an audience's user ids, as sending resolves it: clients (not staff, not deleted
 * accounts), all of them, a group's members, or the holders of an open position in a pair (either
 * account) at this moment.
 */
export function audienceQuery(input: Pick<AnnouncementInput, 'audience' | 'groupId' | 'symbol'>) {
  const clients = sql`${users.role} = 'user' and ${users.deletedAt} is null`;
  switch (input.audience) {
    case 'all':
      return sql`select ${users.id} from ${users} where ${clients}`;
    case 'group':
      return sql`select ${users.id} from ${users} where ${clients} and ${users.groupId} = ${input.groupId}`;
    case 'pair':
      return sql`select ${users.id} from ${users} where ${clients} and exists (
        select 1 from orders o where o.user_id = ${users.id} and o.status = 'act' and o.symbol = ${input.symbol})`;
  }
}

/**
 * Announcements: staff send one (audited) to an audience resolved at once into recipient rows by
 * one INSERT … SELECT; each recipient sees it in the app until they read it. With `email`, the
 * mails go out after the answer, a batch at a time, each recipient's taken once (marked before it
 * is sent), so a crash loses at most a batch in flight and never sends one twice.
 */
export function createAnnouncementsService(deps: {
  db: Database;
  audit: AuditLog;
  mail: Notifier['email'];
  logger: Logger;
}) {
  const { db } = deps;
  const log = deps.logger.child({ module: 'announcements' });
  let draining: Promise<void> | undefined;

  /** Takes a batch of due mails (marking them), or none when none is left. */
  const takeBatch = async () => {
    const result = await db.execute(sql`
      update ${announcementRecipients} r set emailed_at = now()
      from (
        select r2.announcement_id, r2.user_id from ${announcementRecipients} r2
        join ${announcements} a on a.id = r2.announcement_id
        where a.email and r2.emailed_at is null
        limit ${MAIL_BATCH}
        for update of r2 skip locked
      ) due, ${announcements} a
      where r.announcement_id = due.announcement_id and r.user_id = due.user_id and a.id = r.announcement_id
      returning r.user_id as "userId", a.title, a.body`);
    return (result as unknown as { rows: { userId: string; title: string; body: string }[] }).rows;
  };

  const sendOne = async (item: { userId: string; title: string; body: string }) => {
    try {
      await deps.mail(item.userId, () => ({
        subject: item.title,
        paragraphs: item.body
          .split(/\n\s*\n/)
          .map((part) => part.trim())
          .filter(Boolean),
      }));
    } catch (error) {
      log.warn({ err: error, userId: item.userId }, 'an announcement was not e-mailed');
    }
  };

  const drain = async () => {
    for (let batch = await takeBatch(); batch.length > 0; batch = await takeBatch()) {
      for (let start = 0; start < batch.length; start += MAIL_CONCURRENCY)
        await Promise.all(batch.slice(start, start + MAIL_CONCURRENCY).map(sendOne));
    }
  };

  /** Starts sending the due mails in the background (once at a time); resolves when they are sent. */
  const sendMails = (): Promise<void> => {
    draining ??= drain()
      .catch((error) => log.warn({ err: error }, 'announcement mails stopped'))
      .finally(() => {
        draining = undefined;
      });
    return draining;
  };

  return {
    sendMails,

    async send(actor: AuditActor, input: AnnouncementInput): Promise<TSentAnnouncement> {
      let groupName: string | null = null;
      if (input.audience === 'group' && input.groupId) {
        const [group] = await db
          .select({ name: clientGroups.name })
          .from(clientGroups)
          .where(eq(clientGroups.id, input.groupId));
        if (!group) throw fieldProblem('groupId', 'No such group');
        groupName = group.name;
      }
      if (input.audience === 'pair' && input.symbol) {
        const [pair] = await db
          .select({ symbol: pairs.symbol })
          .from(pairs)
          .where(eq(pairs.symbol, input.symbol));
        if (!pair) throw fieldProblem('symbol', 'No such pair');
      }
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(announcements)
          .values({
            title: input.title,
            body: input.body,
            audience: input.audience,
            groupId: input.audience === 'group' ? (input.groupId ?? null) : null,
            symbol: input.audience === 'pair' ? (input.symbol ?? null) : null,
            email: input.email,
            sentBy: actor.id,
          })
          .returning();
        if (!created) throw new Error('the announcement was not stored');
        const inserted = await tx.execute(sql`
          with inserted as (
            insert into ${announcementRecipients} (announcement_id, user_id)
            select ${created.id}::uuid, audience.id from (${audienceQuery(input)}) as audience(id)
            returning 1
          )
          select count(*)::int as n from inserted`);
        const recipients = (inserted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
        const stored = await updateById(tx, announcements, created.id, { recipients });
        if (!stored) throw new Error('the announcement was not stored');
        await deps.audit.record(
          actor,
          {
            action: 'announcement.send',
            targetType: 'announcement',
            targetId: stored.id,
            before: null,
            after: {
              title: stored.title,
              audience: stored.audience,
              groupId: stored.groupId,
              symbol: stored.symbol,
              email: stored.email,
              recipients,
            },
          },
          tx,
        );
        return stored;
      });
      if (row.email && row.recipients > 0) void sendMails();
      return { ...toAnnouncement(row), ...sentFields(row, groupName), read: 0, emailed: 0 };
    },

    /** Sent announcements, newest first, with how many read them and were e-mailed. */
    async list(page: number, limit: number) {
      const { items: rows, total } = await readPage(
        db
          .select({ row: announcements, groupName: clientGroups.name, sentByEmail: users.email })
          .from(announcements)
          .leftJoin(clientGroups, eq(clientGroups.id, announcements.groupId))
          .leftJoin(users, eq(users.id, announcements.sentBy))
          .orderBy(desc(announcements.createdAt), desc(announcements.id))
          .$dynamic(),
        db.select({ n: count() }).from(announcements),
        page,
        limit,
      );
      const ids = rows.map(({ row }) => row.id);
      const tallies =
        ids.length === 0
          ? []
          : await db
              .select({
                id: announcementRecipients.announcementId,
                read: sql<number>`count(${announcementRecipients.readAt})::int`,
                emailed: sql<number>`count(${announcementRecipients.emailedAt})::int`,
              })
              .from(announcementRecipients)
              .where(inArray(announcementRecipients.announcementId, ids))
              .groupBy(announcementRecipients.announcementId);
      const byId = new Map(tallies.map((tally) => [tally.id, tally]));
      const items: TSentAnnouncement[] = rows.map(({ row, groupName, sentByEmail }) => ({
        ...toAnnouncement(row),
        ...sentFields(row, groupName),
        sentBy: sentByEmail,
        read: byId.get(row.id)?.read ?? 0,
        emailed: byId.get(row.id)?.emailed ?? 0,
      }));
      return { items, page, limit, total };
    },

    /** The user's unread announcements, newest first. */
    async unread(userId: string): Promise<TAnnouncement[]> {
      const rows = await db
        .select({
          id: announcements.id,
          title: announcements.title,
          body: announcements.body,
          createdAt: announcements.createdAt,
        })
        .from(announcementRecipients)
        .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcementId))
        .where(and(eq(announcementRecipients.userId, userId), isNull(announcementRecipients.readAt)))
        .orderBy(desc(announcements.createdAt))
        .limit(UNREAD_MAX);
      return rows.map(toAnnouncement);
    },

    /** Marks one read (again is harmless); 404 for one the user was not sent. */
    async markRead(userId: string, id: string): Promise<void> {
      const [row] = await db
        .update(announcementRecipients)
        .set({ readAt: sql`coalesce(${announcementRecipients.readAt}, now())` })
        .where(and(eq(announcementRecipients.announcementId, id), eq(announcementRecipients.userId, userId)))
        .returning({ id: announcementRecipients.announcementId });
      if (!row) throw notFound('Announcement not found');
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;

const sentFields = (row: AnnouncementRow, groupName: string | null) => ({
  audience: row.audience,
  groupId: row.groupId,
  groupName,
  symbol: row.symbol,
  email: row.email,
  recipients: row.recipients,
  sentBy: null as string | null,
});
