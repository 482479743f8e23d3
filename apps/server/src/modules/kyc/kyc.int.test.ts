import { statSync } from 'node:fs';
import { join } from 'node:path';
import { KYC_REAL_TRADING_TEXT, KYC_WITHDRAW_TEXT } from '@td/contracts/kyc';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from '../../platform/http/signed-url';
import type { TestUser } from '../../testing/accounts';
import { ADULT_DETAILS, documentImage, idCardSubmission, kycForm } from '../../testing/kyc';
import { postForm } from '../../testing/multipart';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { TRON_WITHDRAWAL, walletHelpers } from '../../testing/wallet';
import { kycDocuments, kycProfiles, kycSubmissions } from './kyc.schema';

const HOUR_MS = 3_600_000;

describe('identity verification', () => {
  const desk = useTradingDesk();
  const w = walletHelpers(desk);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await w.anAdmin();
    await desk.setQuote('BTC_USDT', 5_000_000, 5_000_100);
    await desk.setQuote('TRX_USDT', 1200, 1200, 'crp', 4);
  });

  const db = () => desk.t.deps.db.db;
  const kyc = async (user: TestUser) => (await desk.call(user, 'GET', '/kyc')).json().data;
  const details = (user: TestUser, body: object) =>
    desk.call(user, 'PUT', '/kyc/details', { ...ADULT_DETAILS, ...body });
  const submit = async (user: TestUser, form?: { payload: Buffer; headers: Record<string, string> }) => {
    const body = form ?? (await idCardSubmission());
    return postForm(desk.t.app, '/kyc', user.token, body);
  };
  /** Money on the real account without any verification (a deposit to an unverified account). */
  const depositUnverified = (user: TestUser, cents: bigint) => desk.creditReal(user, cents);
  const pendingOf = async (user: TestUser) => {
    const queue = await desk.call(admin, 'GET', '/admin/kyc?status=pending&limit=100');
    return (queue.json().data.items as { id: string; userId: string }[]).find(
      (item) => item.userId === user.id,
    );
  };

  it('starts at level 0 with nothing to withdraw, and takes the details of an adult at level 1', async () => {
    const user = await desk.newUser();
    expect(await kyc(user)).toMatchObject({
      level: 0,
      status: 'none',
      details: null,
      limits: { withdrawalDaily: '0.00', withdrawnToday: '0.00' },
    });
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    for (const [body, field] of [
      [{ dateOfBirth: young.toISOString().slice(0, 10) }, 'body.dateOfBirth'],
      [{ dateOfBirth: '1990-02-30' }, 'body.dateOfBirth'],
      [{ dateOfBirth: '1850-01-01' }, 'body.dateOfBirth'],
      [{ addressLine: 'Main St\u0000' }, 'body.addressLine'],
      [{ legalFirstName: 'x'.repeat(500) }, 'body.legalFirstName'],
      [{ country: 'Narnia' }, 'body.country'],
      [{ postalCode: '<script>' }, 'body.postalCode'],
    ] as const) {
      const res = await details(user, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((issue: { field: string }) => issue.field)).toContain(field);
    }
    const saved = await details(user, { country: 'gb' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ level: 1, status: 'none', details: { country: 'GB' } });
  });

  it('keeps residents of a blocked country at level 0', async () => {
    const user = await desk.newUser();
    const other = await desk.newUser();
    expect((await details(other, { country: 'KP' })).statusCode).toBe(200);
    const set = await desk.call(admin, 'PUT', '/admin/settings/kyc', { blockedCountries: ['KP', 'IR'] });
    expect(set.statusCode).toBe(200);
    const refused = await details(user, { country: 'KP' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'body.country', message: 'We cannot offer accounts to residents of this country' },
    ]);
    // Saved before the country was blocked: the details no longer count.
    expect(await kyc(other)).toMatchObject({
      level: 0,
      detailsProblem: 'We cannot offer accounts to residents of this country',
    });
    expect(
      (await desk.call(admin, 'PUT', '/admin/settings/kyc', { blockedCountries: ['kp'] })).statusCode,
    ).toBe(400);
    await desk.call(admin, 'PUT', '/admin/settings/kyc', { blockedCountries: [] });
  });

  it('refuses a Real order below level 1 and a withdrawal below level 2, storing nothing', async () => {
    const user = await desk.newUser();
    await depositUnverified(user, 100_000n);
    const order = () =>
      desk.order(user, { account: 'real', side: 'buy', type: 'market', amount: '100', leverage: 1 });
    const refused = await order();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(KYC_REAL_TRADING_TEXT);
    const stored = await db().execute(sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${user.id}`);
    expect((stored as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
    // The demo account needs no verification.
    expect(
      (await desk.order(user, { side: 'buy', type: 'market', amount: '100', leverage: 1 })).statusCode,
    ).toBe(201);

    await details(user, {});
    expect((await order()).statusCode).toBe(201);
    const withdrawal = await w.requestWithdrawal(user, TRON_WITHDRAWAL);
    expect(withdrawal.statusCode).toBe(403);
    expect(withdrawal.json().message).toBe(KYC_WITHDRAW_TEXT);
  });

  it('takes documents once details are complete, each image checked, one submission at a time', async () => {
    const user = await desk.newUser();
    expect((await submit(user)).statusCode).toBe(403);
    await details(user, {});
    const front = await documentImage(10);
    const noBack = await submit(user, kycForm({ documentType: 'id_card' }, { front, selfie: front }));
    expect(noBack.statusCode).toBe(400);
    expect(noBack.json().details).toEqual([{ field: 'body.back', message: 'Add the back image' }]);
    const badType = await submit(user, kycForm({ documentType: 'library_card' }, { front, selfie: front }));
    expect(badType.json().details[0].field).toBe('body.documentType');
    const notImage = await submit(
      user,
      kycForm({ documentType: 'passport' }, { front: Buffer.from('%PDF-1.7 not an image'), selfie: front }),
    );
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().details).toEqual([
      { field: 'body.front', message: 'Upload a PNG, JPEG or WebP image' },
    ]);
    const extra = await submit(
      user,
      kycForm({ documentType: 'passport', other: 'x' }, { front, selfie: front }),
    );
    expect(extra.statusCode).toBe(400);

    const passport = await submit(user, kycForm({ documentType: 'passport' }, { front, selfie: front }));
    expect(passport.statusCode).toBe(201);
    expect(passport.json().data).toMatchObject({ level: 1, status: 'pending', documentType: 'passport' });
    expect((await submit(user)).statusCode).toBe(409);
    // The details are being checked against the documents: they stay as sent.
    expect((await details(user, { city: 'Paris' })).statusCode).toBe(409);
  });

  it('lets only one of two parallel submissions in', async () => {
    const user = await desk.newUser();
    await details(user, {});
    const [a, b] = await Promise.all([submit(user), submit(user)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await db().select().from(kycSubmissions).where(eq(kycSubmissions.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('stores documents sealed, never readable in the database, under a key kept in DATA_DIR', async () => {
    const user = await desk.newUser();
    await details(user, {});
    await submit(user);
    const pending = await pendingOf(user);
    const rows = await db()
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.submissionId, pending?.id ?? ''));
    expect(rows.map((row) => row.kind).sort()).toEqual(['back', 'front', 'selfie']);
    for (const row of rows) {
      expect(row.sealed.includes(Buffer.from('WEBP'))).toBe(false);
      expect(row.sealed.includes(Buffer.from('JFIF'))).toBe(false);
      expect(row.sealed[0]).toBe(1);
    }
    const keyFile = statSync(join(desk.t.deps.config.dataDir, 'kyc-encryption-key'));
    expect(keyFile.mode & 0o777).toBe(0o600);
  });

  it('shows documents to administrators only, by short-lived signed links', async () => {
    const user = await desk.newUser();
    await details(user, {});
    await submit(user);
    const pending = await pendingOf(user);
    for (const [method, url] of [
      ['GET', '/admin/kyc'],
      ['GET', `/admin/kyc/${pending?.id}`],
      ['POST', `/admin/kyc/${pending?.id}/approve`],
    ] as const) {
      expect((await desk.call(user, method, url)).statusCode).toBe(403);
    }
    const detail = (await desk.call(admin, 'GET', `/admin/kyc/${pending?.id}`)).json().data;
    expect(detail).toMatchObject({
      email: user.email,
      status: 'pending',
      details: { legalLastName: 'Lovelace' },
    });
    expect(detail.documents.map((doc: { kind: string }) => doc.kind)).toEqual(['front', 'back', 'selfie']);
    const url: string = detail.documents[0].url;
    expect(url).toMatch(/^\/admin\/kyc\/[0-9a-f-]{36}\/documents\/front\?exp=\d+&sig=[\w-]+$/);
    // Opens without a login (an <img>), as a WebP, never cached.
    const image = await desk.t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    // Valid for minutes: a link signed for the same path three hours ago is dead, so is an altered one.
    const path = url.split('?')[0] ?? '';
    const old = createUrlSigner(desk.t.deps.jwtSecret, {
      windowMs: 300_000,
      nowMs: () => Date.now() - 3 * HOUR_MS,
    });
    expect((await desk.t.app.inject({ method: 'GET', url: old.sign(path) })).statusCode).toBe(404);
    expect(
      (await desk.t.app.inject({ method: 'GET', url: url.replace('/front?', '/selfie?') })).statusCode,
    ).toBe(404);
    const exp = Number(/exp=(\d+)/.exec(url)?.[1]);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('tells the user of a rejection with its reason; new documents replace the rejected ones', async () => {
    const user = await desk.newUser();
    await details(user, {});
    await submit(user);
    const first = await pendingOf(user);
    desk.mailbox.clear();
    expect((await desk.call(admin, 'POST', `/admin/kyc/${first?.id}/reject`, {})).statusCode).toBe(400);
    const rejected = await desk.call(admin, 'POST', `/admin/kyc/${first?.id}/reject`, {
      reason: 'The photo of the front is blurred',
    });
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reason: 'The photo of the front is blurred',
    });
    expect((await desk.call(admin, 'POST', `/admin/kyc/${first?.id}/approve`)).statusCode).toBe(409);
    expect(await kyc(user)).toMatchObject({
      level: 1,
      status: 'rejected',
      reason: 'The photo of the front is blurred',
    });
    const mail = await desk.mailbox.waitFor(user.email, /not accepted/i);
    expect(mail.text).toContain('The photo of the front is blurred');
    const notices = (await desk.call(user, 'GET', '/notifications')).json().data.items;
    expect(notices[0]).toMatchObject({ kind: 'kyc_rejected' });
    const audit = (
      await desk.call(admin, 'GET', `/admin/audit?action=kyc.reject&targetId=${first?.id}`)
    ).json().data.items;
    expect(audit).toMatchObject([
      { actor: { id: admin.id }, before: { status: 'pending' }, after: { status: 'rejected' } },
    ]);
    expect(JSON.stringify(audit)).not.toContain('Lovelace');

    expect((await submit(user)).statusCode).toBe(201);
    const kept = await db().select().from(kycSubmissions).where(eq(kycSubmissions.userId, user.id));
    expect(kept.map((row) => row.status)).toEqual(['pending']);
    const orphans = await db().execute(
      sql`SELECT count(*)::int AS n FROM kyc_documents WHERE submission_id = ${first?.id ?? ''}`,
    );
    expect((orphans as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it('opens withdrawals on approval, up to the daily limit, counted on the locked account', async () => {
    const user = await desk.newUser();
    await depositUnverified(user, 100_000n);
    await details(user, {});
    await submit(user);
    const pending = await pendingOf(user);
    desk.mailbox.clear();
    const approved = await desk.call(admin, 'POST', `/admin/kyc/${pending?.id}/approve`);
    expect(approved.json().data.status).toBe('approved');
    await desk.mailbox.waitFor(user.email, /identity is verified/i);
    expect((await desk.call(user, 'GET', '/notifications')).json().data.items[0].kind).toBe('kyc_approved');
    const limit = await desk.call(admin, 'PUT', '/admin/settings/kyc', { level2DailyWithdrawal: '150' });
    expect(limit.statusCode, limit.body).toBe(200);
    expect((await kyc(user)).limits).toEqual({ withdrawalDaily: '150.00', withdrawnToday: '0.00' });

    // Two quotes that each fit, confirmed at once: only one fits in the limit.
    const quotes = await Promise.all([
      w.requestWithdrawal(user, TRON_WITHDRAWAL),
      w.requestWithdrawal(user, TRON_WITHDRAWAL),
    ]);
    expect(quotes.map((quote) => quote.statusCode)).toEqual([201, 201]);
    const ids: string[] = quotes.map((quote) => quote.json().data.id);
    const codes: string[] = [];
    for (const id of ids) {
      codes.push(await w.withdrawalCode(user, id));
    }
    const confirmed = await Promise.all(
      ids.map((id, i) =>
        desk.call(user, 'POST', `/wallet/withdrawals/${id}/confirm`, { emailCode: codes[i] }),
      ),
    );
    expect(confirmed.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const over = confirmed.find((res) => res.statusCode === 400);
    expect(over?.json().message).toBe(
      'This passes your daily withdrawal limit of 150.00 USD: 50.00 USD left for the next 24 hours',
    );
    expect((await kyc(user)).limits).toEqual({ withdrawalDaily: '150.00', withdrawnToday: '100.00' });
    expect(await w.realCash(user)).toBe('900.00');
    // Said at once for the next one.
    const next = await w.requestWithdrawal(user, TRON_WITHDRAWAL);
    expect(next.statusCode).toBe(400);
    expect(next.json().details[0].field).toBe('body.amount');
    await desk.call(admin, 'PUT', '/admin/settings/kyc', { level2DailyWithdrawal: '50000' });
  });

  it('erases the details and documents when the account is deleted', async () => {
    const user = await desk.newUser();
    await details(user, {});
    await submit(user);
    const deleted = await desk.call(admin, 'DELETE', `/admin/users/${user.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await db().select().from(kycProfiles).where(eq(kycProfiles.userId, user.id))).toEqual([]);
    expect(await db().select().from(kycSubmissions).where(eq(kycSubmissions.userId, user.id))).toEqual([]);
  });
});
