import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { multipart, png, postForm } from '../../testing/multipart';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { TRON_TO, walletHelpers } from '../../testing/wallet';
import { ledgerTransactions } from '../ledger/ledger.schema';
import { ticketAttachments } from '../tickets/tickets.schema';
import { ticketAttachmentsDir } from '../tickets/tickets.service';
import { orders } from '../trading/orders.schema';
import { walletTransactions } from '../wallet/wallet.schema';
import { createRetentionJob, RETENTION } from './retention';

const HOUR_MS = 3_600_000;

describe('retention job', () => {
  const desk = useTradingDesk();
  const w = walletHelpers(desk);
  let user: TestUser;
  let attachmentsDir: string;
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    user = await desk.newUser();
    attachmentsDir = ticketAttachmentsDir(desk.t.deps.config.dataDir);
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    await w.fund(user, '1000');
  });

  const db = () => desk.t.deps.db.db;
  /** Makes rows look `ageMs` old. */
  const ageWallet = (ids: string[], ageMs: number) =>
    db()
      .update(walletTransactions)
      .set({ createdAt: new Date(Date.now() - ageMs) })
      .where(inArray(walletTransactions.id, ids));
  const ageOrders = (ids: string[], ageMs: number) =>
    db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - ageMs) })
      .where(inArray(orders.id, ids));
  const ageUploads = (files: string[], ageMs: number) =>
    db()
      .update(ticketAttachments)
      .set({ createdAt: new Date(Date.now() - ageMs) })
      .where(inArray(ticketAttachments.file, files));
  const walletIds = async () =>
    (await db().select({ id: walletTransactions.id }).from(walletTransactions)).map((row) => row.id);
  const orderIds = async () => (await db().select({ id: orders.id }).from(orders)).map((row) => row.id);
  const uploadFiles = async () =>
    (await db().select({ file: ticketAttachments.file }).from(ticketAttachments)).map((row) => row.file);

  const quote = async () => {
    return (
      await w.quoteWithdrawal(user, {
        coin: 'usdt',
        network: 'tron',
        address: TRON_TO,
        amount: '20',
      })
    ).id;
  };
  const rejectedOrder = async () => {
    // Above the pair's leverage cap: stored as Rejected, no money moves.
    const res = await desk.order(user, { side: 'buy', type: 'market', amount: '100', leverage: 21 });
    expect(res.json().data.status).toBe('rvt');
    return res.json().data.id as string;
  };
  const upload = async () => {
    const body = multipart('image', 'screen.png', 'image/png', await png(64));
    const res = await postForm(desk.t.app, '/tickets/attachments', user.token, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; url: string };
  };
  const ticket = (body: object) =>
    desk.call(user, 'POST', '/tickets', { type: 'trade', subject: 'About this', message: 'Hello', ...body });

  it('removes old unconfirmed quotes, unsent uploads with their files and old rejected orders; keeps what is fresh or named', async () => {
    const overQuoteAgeMs = RETENTION.unconfirmedQuoteMs + HOUR_MS;
    const overUploadAgeMs = RETENTION.unsentAttachmentMs + HOUR_MS;
    const overOrderAgeMs = RETENTION.rejectedOrderMs + HOUR_MS;

    // Quotes: one old, one fresh, one old that a ticket names; an old withdrawal that was confirmed.
    const [oldQuote, freshQuote, linkedQuote] = [await quote(), await quote(), await quote()];
    expect((await ticket({ transactionId: linkedQuote })).statusCode).toBe(201);
    const held = await w.withdraw(user, { coin: 'usdt', network: 'tron', address: TRON_TO, amount: '20' });
    expect(held.confirmed?.statusCode).toBe(200);
    await ageWallet([oldQuote, linkedQuote, held.id as string], overQuoteAgeMs);
    await ageWallet([freshQuote], HOUR_MS);

    // Uploads: one old never sent, one fresh never sent, one old sent with a ticket.
    const [oldUpload, freshUpload, sentUpload] = [await upload(), await upload(), await upload()];
    expect((await ticket({ attachments: [sentUpload.id] })).statusCode).toBe(201);
    await ageUploads([oldUpload.id, sentUpload.id], overUploadAgeMs);
    await ageUploads([freshUpload.id], HOUR_MS);

    // Rejected orders: five old ones, one recent, one old a ticket names, one old a ledger
    // transaction names; an old open position.
    const oldRejected: string[] = [];
    for (let i = 0; i < 5; i++) oldRejected.push(await rejectedOrder());
    const [recentRejected, linkedRejected, bookedRejected] = [
      await rejectedOrder(),
      await rejectedOrder(),
      await rejectedOrder(),
    ];
    expect((await ticket({ orderId: linkedRejected })).statusCode).toBe(201);
    await db()
      .insert(ledgerTransactions)
      .values({ kind: 'test_reference', refType: 'order', refId: bookedRejected });
    const open = (await desk.order(user, { side: 'buy', type: 'market', amount: '100', leverage: 2 })).json()
      .data;
    expect(open.status).toBe('act');
    await ageOrders([...oldRejected, linkedRejected, bookedRejected, open.id], overOrderAgeMs);
    await ageOrders([recentRejected], 10 * 24 * HOUR_MS);

    // Two rows a batch, two batches a kind and run: the five old rejected orders take two runs.
    const job = createRetentionJob({ db: db(), logger, attachmentsDir, batchRows: 2, batchesPerRun: 2 });
    expect(await job.runOnce()).toEqual({ unconfirmedQuotes: 1, unsentAttachments: 1, rejectedOrders: 4 });
    expect(await job.runOnce()).toEqual({ unconfirmedQuotes: 0, unsentAttachments: 0, rejectedOrders: 1 });
    expect(await job.runOnce()).toEqual({ unconfirmedQuotes: 0, unsentAttachments: 0, rejectedOrders: 0 });

    const wallet = await walletIds();
    expect(wallet).not.toContain(oldQuote);
    expect(wallet).toEqual(expect.arrayContaining([freshQuote, linkedQuote, held.id]));

    const uploads = await uploadFiles();
    expect(uploads).not.toContain(oldUpload.id);
    expect(existsSync(join(attachmentsDir, oldUpload.id))).toBe(false);
    expect(uploads).toEqual(expect.arrayContaining([freshUpload.id, sentUpload.id]));
    expect(existsSync(join(attachmentsDir, freshUpload.id))).toBe(true);
    expect(existsSync(join(attachmentsDir, sentUpload.id))).toBe(true);
    // The sent image still opens from its ticket; the removed upload cannot be sent any more.
    expect((await desk.t.app.inject({ method: 'GET', url: sentUpload.url })).statusCode).toBe(200);
    const late = await ticket({ attachments: [oldUpload.id] });
    expect(late.statusCode).toBe(400);
    expect(late.json().details[0].field).toBe('body.attachments');

    const remaining = await orderIds();
    for (const id of oldRejected) expect(remaining).not.toContain(id);
    expect(remaining).toEqual(
      expect.arrayContaining([recentRejected, linkedRejected, bookedRejected, open.id]),
    );

    // The tickets still show what they link, and the books still add up.
    const list = (await desk.call(user, 'GET', '/tickets?limit=50')).json().data.items as Array<{
      link: { id: string; status?: string } | null;
    }>;
    expect(list.map((item) => item.link?.id)).toEqual(expect.arrayContaining([linkedQuote, linkedRejected]));
    expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    await db().delete(ledgerTransactions).where(eq(ledgerTransactions.kind, 'test_reference'));
  });

  it('sends an upload once, by its uploader only', async () => {
    const image = await upload();
    const first = await ticket({ attachments: [image.id] });
    expect(first.statusCode, first.body).toBe(201);
    const again = await ticket({ attachments: [image.id] });
    expect(again.statusCode).toBe(400);
    const stranger = await desk.newUser();
    const other = await upload();
    const stolen = await desk.call(stranger, 'POST', '/tickets', {
      type: 'trade',
      subject: 'Not mine',
      message: 'Hello',
      attachments: [other.id],
    });
    expect(stolen.statusCode).toBe(400);
    // Nothing of a refused ticket stays: the upload is still unsent, and can be sent by its owner.
    const [row] = await db().select().from(ticketAttachments).where(eq(ticketAttachments.file, other.id));
    expect(row?.messageId).toBeNull();
    expect((await ticket({ attachments: [other.id] })).statusCode).toBe(201);
  });

  it('never leaves a ticket linking a quote it removed, with tickets opened meanwhile', async () => {
    const quotes: string[] = [];
    for (let i = 0; i < 6; i++) quotes.push(await quote());
    await ageWallet(quotes, RETENTION.unconfirmedQuoteMs + HOUR_MS);
    const job = createRetentionJob({ db: db(), logger, attachmentsDir, batchRows: 1, batchesPerRun: 10 });
    const [, ...opened] = await Promise.all([
      job.runOnce(),
      ...quotes.map((transactionId) => ticket({ transactionId })),
    ]);
    const kept = new Set(await walletIds());
    quotes.forEach((id, index) => {
      const status = opened[index]?.statusCode;
      // Linked and kept, or removed first and then refused: never linked and gone.
      if (status === 201) expect(kept.has(id)).toBe(true);
      else {
        expect(status).toBe(400);
        expect(kept.has(id)).toBe(false);
      }
    });
  });
});
