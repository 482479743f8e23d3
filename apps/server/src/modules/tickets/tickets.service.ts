import { randomBytes } from 'node:crypto';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TLanguageCode } from '@td/contracts/auth';
import { displaySymbol } from '@td/contracts/constants';
import { TICKET_STATUS, type TTicketStatus } from '@td/contracts/statuses';
import {
  TICKET_ATTACHMENT_URL_PREFIX,
  type TTicket,
  type TTicketSummary,
  type ZCreateTicketRequest,
  type ZTicketMessageRequest,
} from '@td/contracts/tickets';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { UserRow } from '../auth/auth.repository';
import type { Tx } from '../ledger/ledger';
import type { Notify } from '../notifications/notifications.service';
import { processUploadedImage } from '../profile/avatar-image';
import { walletTxLabel } from '../wallet/wallet-notices';
import { nextTicketStatus } from './ticket-status';
import type { TicketRow, TicketsRepository } from './tickets.repository';

/** Attachments keep their detail, fitted inside this box. */
const ATTACHMENT_SIDE_PX_MAX = 1600;
/**
 * An attachment's pixels at most: 16 megapixels takes a 12-megapixel phone photo (4032 × 3024) and a
 * screenshot of a 5K display (5120 × 2880), far more than the 1600-pixel box it is shrunk into
 * keeps, and costs the decoder under half what the 40 megapixels of profile images and identity
 * documents do.
 */
export const ATTACHMENT_PIXELS_MAX = 16_000_000;
/**
 * Uploads a user may hold that no message has sent yet (a message takes up to three): past it an
 * upload is refused until some are sent, or removed after a day by the retention job.
 */
export const UNSENT_ATTACHMENTS_MAX = 10;
const tooManyUnsent = () =>
  new AppError(
    'RATE_LIMITED',
    `You have ${UNSENT_ATTACHMENTS_MAX} images not yet sent: send them with a message, or try again tomorrow`,
  );

/** Where ticket images are stored, under the data directory (shared by every `api` process). */

/** The mail of a support reply, in each language the product speaks. */
const TICKET_REPLY_WORDS = {
  en: {
    body: (subject: string, status: TTicketStatus) =>
      `Our support team replied to your ticket “${subject}”. Its status is now ${TICKET_STATUS[status]}.`,
    button: 'Open the ticket',
  },
  es: {
    body: (subject: string, status: TTicketStatus) =>
      `Nuestro equipo de soporte ha respondido a tu ticket «${subject}». Su estado ahora es: ${{ pnd: 'En curso', opn: 'Abierto', cls: 'Cerrado' }[status]}.`,
    button: 'Abrir el ticket',
  },
  ru: {
    body: (subject: string, status: TTicketStatus) =>
      `Служба поддержки ответила на ваше обращение «${subject}». Его статус теперь: ${{ pnd: 'в работе', opn: 'открыто', cls: 'закрыто' }[status]}.`,
    button: 'Открыть обращение',
  },
} satisfies Record<TLanguageCode, unknown>;

export const ticketAttachmentsDir = (dataDir: string) => join(dataDir, 'uploads', 'tickets');

type TCreate = z.output<typeof ZCreateTicketRequest>;
type TMessage = z.output<typeof ZTicketMessageRequest>;

/**
 * Support tickets: a user's own (another user's ticket is a 404, as if it did not exist) and the
 * staff's queue. Replies from staff notify the user in the app and by e-mail.
 */
export function createTicketsService(deps: {
  db: Database;
  repo: TicketsRepository;
  notify: Notify;
  attachmentsDir: string;
  publicUrl: string;
  /** Signs an attachment's path: the link an `<img>` opens without the bearer token. */
  signUrl: (path: string) => string;
}) {
  const { db, repo } = deps;
  const attachmentUrl = (file: string) => deps.signUrl(`${TICKET_ATTACHMENT_URL_PREFIX}${file}`);

  const linksOf = async (rows: TicketRow[]) => {
    const idsOf = (kind: 'order' | 'transaction') =>
      rows.flatMap((row) => (row.linkKind === kind && row.linkId ? [row.linkId] : []));
    const [orders, transactions] = await Promise.all([
      repo.linkedOrders(idsOf('order')),
      repo.linkedTransactions(idsOf('transaction')),
    ]);
    const labels = new Map<string, { label: string; status?: string }>([
      ...orders.map(
        (order) =>
          [
            order.id,
            {
              label: `${order.side === 'buy' ? 'Buy' : 'Sell'} ${displaySymbol(order.symbol)} · ${order.book} · #${order.id.slice(0, 8)}`,
            },
          ] as const,
      ),
      ...transactions.map((tx) => [tx.id, { label: walletTxLabel(tx), status: tx.status }] as const),
    ]);
    return (row: TicketRow) =>
      row.linkKind && row.linkId
        ? {
            kind: row.linkKind,
            id: row.linkId,
            label: `#${row.linkId.slice(0, 8)}`,
            ...labels.get(row.linkId),
          }
        : null;
  };

  const summaries = async (rows: TicketRow[]): Promise<TTicketSummary[]> => {
    const [linkOf, messages] = await Promise.all([linksOf(rows), repo.messages(rows.map((row) => row.id))]);
    const lastFrom = new Map<string, 'user' | 'staff'>();
    for (const { message } of messages) lastFrom.set(message.ticketId, message.isStaff ? 'staff' : 'user');
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      subject: row.subject,
      status: row.status,
      link: linkOf(row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      lastFrom: lastFrom.get(row.id) ?? 'user',
    }));
  };

  const detail = async (row: TicketRow): Promise<TTicket> => {
    const [[summary], messages] = await Promise.all([summaries([row]), repo.messages([row.id])]);
    if (!summary) throw new Error('ticket summary missing');
    return {
      ...summary,
      messages: messages.map(({ message, firstName, lastName }) => ({
        id: message.id,
        isStaff: message.isStaff,
        author: message.isStaff ? `${firstName} (Support)` : `${firstName} ${lastName}`.trim(),
        body: message.body,
        attachments: message.attachments.map(attachmentUrl),
        createdAt: message.createdAt.toISOString(),
      })),
    };
  };

  const ownTicket = async (userId: string, id: string) => {
    const row = await repo.find(id);
    if (!row || row.userId !== userId) throw notFound('Ticket not found');
    return row;
  };

  const unknownAttachment = () =>
    badRequest('Upload the image again: it was not found', [
      { field: 'body.attachments', message: 'Unknown attachment' },
    ]);

  /**
   * Attachments must be the author's own uploads, each sent once, still on disk: claimed for the
   * message in its transaction (an unsent upload older than a day may be gone, removed by the
   * retention job).
   */
  const claimAttachments = async (tx: Tx, authorId: string, messageId: string, files: string[]) => {
    const claimed = await repo.claimAttachments(tx, authorId, messageId, files);
    if (claimed.length !== files.length) throw unknownAttachment();
    for (const file of files) {
      const exists = await access(join(deps.attachmentsDir, file)).then(
        () => true,
        () => false,
      );
      if (!exists) throw unknownAttachment();
    }
  };

  const post = async (ticket: TicketRow, author: UserRow, input: TMessage, isStaff: boolean) => {
    const status = nextTicketStatus(ticket.status, isStaff ? 'staff_reply' : 'user_message');
    const updated = await db.transaction(async (tx) => {
      const added = await repo.addMessage(
        tx,
        {
          ticketId: ticket.id,
          authorId: author.id,
          isStaff,
          body: input.message,
          attachments: input.attachments,
        },
        status,
      );
      if (!added) throw notFound('Ticket not found');
      await claimAttachments(tx, author.id, added.messageId, input.attachments);
      return added.ticket;
    });
    return updated;
  };

  return {
    /** Refuses (429) a user who already holds the most unsent uploads, before anything is decoded. */
    async checkUnsentQuota(userId: string) {
      if ((await repo.unsentAttachments(userId)) >= UNSENT_ATTACHMENTS_MAX) throw tooManyUnsent();
    },

    async saveAttachment(user: UserRow, upload: Buffer) {
      const image = await processUploadedImage(upload, {
        fit: 'inside',
        sidePx: ATTACHMENT_SIDE_PX_MAX,
        pixelsMax: ATTACHMENT_PIXELS_MAX,
      });
      await mkdir(deps.attachmentsDir, { recursive: true });
      const id = `${user.id}-${randomBytes(16).toString('hex')}.webp`;
      // The record first: a file is never on disk without the row the retention job finds it by.
      // The quota is held here, counted with the insert.
      if (!(await repo.insertAttachmentWithin({ file: id, userId: user.id }, UNSENT_ATTACHMENTS_MAX)))
        throw tooManyUnsent();
      try {
        await writeFile(join(deps.attachmentsDir, id), image);
      } catch (error) {
        await rm(join(deps.attachmentsDir, id), { force: true });
        await repo.removeAttachment(id);
        throw error;
      }
      return { id, url: attachmentUrl(id) };
    },

    async create(user: UserRow, input: TCreate): Promise<TTicket> {
      // Checked in the transaction that stores the link, the linked row locked: it stays while linked.
      const row = await db.transaction(async (tx) => {
        if (input.orderId && !(await repo.ownsOrder(tx, user.id, input.orderId)))
          throw badRequest('Choose one of your orders', [
            { field: 'body.orderId', message: 'Order not found' },
          ]);
        if (input.transactionId && !(await repo.ownsTransaction(tx, user.id, input.transactionId)))
          throw badRequest('Choose one of your deposits or withdrawals', [
            { field: 'body.transactionId', message: 'Transaction not found' },
          ]);
        const inserted = await repo.insert(
          tx,
          {
            userId: user.id,
            type: input.type,
            subject: input.subject,
            linkKind: input.orderId ? 'order' : input.transactionId ? 'transaction' : null,
            linkId: input.orderId ?? input.transactionId ?? null,
          },
          { authorId: user.id, isStaff: false, body: input.message, attachments: input.attachments },
        );
        await claimAttachments(tx, user.id, inserted.messageId, input.attachments);
        return inserted.ticket;
      });
      return detail(row);
    },

    async list(userId: string, query: { status?: TTicketStatus | undefined; page: number; limit: number }) {
      const { rows, total } = await repo.list({ userId, status: query.status }, query.page, query.limit);
      return {
        items: await summaries(rows.map((row) => row.ticket)),
        page: query.page,
        limit: query.limit,
        total,
      };
    },

    get: async (userId: string, id: string) => detail(await ownTicket(userId, id)),

    async addMessage(user: UserRow, id: string, input: TMessage): Promise<TTicket> {
      return detail(await post(await ownTicket(user.id, id), user, input, false));
    },

    async close(userId: string, id: string): Promise<TTicket> {
      const row = await ownTicket(userId, id);
      const updated = await repo.setStatus(row.id, nextTicketStatus(row.status, 'close'));
      return detail(updated ?? row);
    },

    // Staff (the admin back-office).

    async queue(query: {
      status?: TTicketStatus | undefined;
      q?: string | undefined;
      page: number;
      limit: number;
    }) {
      const { rows, total } = await repo.list({ status: query.status, q: query.q }, query.page, query.limit);
      const items = await summaries(rows.map((row) => row.ticket));
      return {
        items: items.map((item, index) => ({ ...item, userEmail: rows[index]?.email ?? '' })),
        page: query.page,
        limit: query.limit,
        total,
      };
    },

    async getAny(id: string) {
      const row = await repo.find(id);
      if (!row) throw notFound('Ticket not found');
      return { row, ticket: await detail(row) };
    },

    async reply(staff: UserRow, id: string, input: TMessage) {
      const row = await repo.find(id);
      if (!row) throw notFound('Ticket not found');
      const updated = await post(row, staff, input, true);
      const link = `${deps.publicUrl.replace(/\/+$/, '')}/dashboard/support/${row.id}`;
      await deps.notify(
        row.userId,
        'ticket_reply',
        { message: `Support replied to your ticket “${row.subject}”`, ticketId: row.id },
        {
          email: (language) => ({
            subject: `Re: ${row.subject}`,
            paragraphs: [TICKET_REPLY_WORDS[language].body(row.subject, updated.status), input.message],
            button: { label: TICKET_REPLY_WORDS[language].button, url: link },
          }),
        },
      );
      return { before: row, ticket: await detail(updated) };
    },

    async setStatus(id: string, status: TTicketStatus) {
      const row = await repo.find(id);
      if (!row) throw notFound('Ticket not found');
      const updated = await repo.setStatus(id, status);
      return { before: row, ticket: await detail(updated ?? row) };
    },
  };
}
export type TicketsService = ReturnType<typeof createTicketsService>;
