import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../../platform/mail/email-layout';
import { randomIp, type TestUser } from '../../testing/accounts';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { createAuthRepository } from '../auth/auth.repository';
import { createNotifier } from './notifications.service';
import { type AlertEngine, createAlertEngine } from './price-alerts.service';

describe('notifications and price alerts', () => {
  const desk = useTradingDesk();
  let user: TestUser;
  let engine: AlertEngine;
  let stopEngine: () => Promise<void>;

  /** What the alert engine tells: notifications in the database, on the bus and by e-mail. */
  const notifier = () => {
    const { db, bus, mailer } = desk.t.deps;
    return createNotifier({
      db: db.db,
      bus,
      mailer,
      logger: pino({ level: 'silent' }),
      users: createAuthRepository(db.db),
      brand: async () => DEFAULT_BRAND,
    });
  };

  beforeAll(async () => {
    user = await desk.newUser();
    const { db, bus } = desk.t.deps;
    const logger = pino({ level: 'silent' });
    engine = createAlertEngine({
      db: db.db,
      bus,
      logger,
      notify: notifier().notify,
    });
    stopEngine = await engine.start();
  });
  afterAll(async () => {
    await stopEngine?.();
  });

  const centre = async () => (await desk.call(user, 'GET', '/notifications')).json().data;
  const tick = async (bid: number, ask: number) => {
    engine.onQuote('BTC_USDT', bid, ask);
    await engine.settled();
  };

  it('fires a price alert once, in the app and by e-mail', async () => {
    const created = await desk.call(user, 'POST', '/alerts', { symbol: 'btc_usdt', above: '51000' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      symbol: 'BTC_USDT',
      direction: 'above',
      price: '51000.00',
      firedAt: null,
    });
    await expect.poll(() => engine.books.size).toBe(1);

    await tick(5_090_000, 5_091_000);
    expect((await centre()).total).toBe(0);
    await tick(5_100_000, 5_101_000);
    await tick(5_200_000, 5_201_000);
    const { items, unread } = await centre();
    expect(unread).toBe(1);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'price_alert',
      message: 'BTC/USD crossed above 51000.00: now 51005.00',
    });
    // The mail writes the figures as the account's language does (English here).
    const mail = await desk.mailbox.waitFor(user.email, /Price alert: BTC\/USD above 51,000\.00/);
    expect(mail.text).toContain('The price is now 51,005.00');
    const [alert] = (await desk.call(user, 'GET', '/alerts')).json().data;
    expect(alert).toMatchObject({ firedAt: expect.any(String), firedPrice: '51005.00' });
  });

  it('fires an alert on a later price when storing its firing failed', async () => {
    const { db, bus } = desk.t.deps;
    const logger = pino({ level: 'silent' });
    // The database refuses the first firing, as if the connection dropped.
    let failures = 1;
    const flaky = new Proxy(db.db, {
      get(target, property, receiver) {
        if (property === 'update' && failures > 0) {
          failures -= 1;
          return () => {
            throw new Error('connection terminated unexpectedly');
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const before = (await centre()).total;
    const created = await desk.call(user, 'POST', '/alerts', { symbol: 'BTC_USDT', above: '70000' });
    const other = createAlertEngine({
      db: flaky,
      bus,
      logger,
      notify: notifier().notify,
      retryAfterMs: 10,
    });
    const stopOther = await other.start();
    try {
      expect(other.books.size).toBe(1);
      other.onQuote('BTC_USDT', 7_100_000, 7_101_000);
      await other.settled();
      expect(failures).toBe(0);
      expect((await centre()).total).toBe(before);
      await expect.poll(() => other.books.size).toBe(1);
      other.onQuote('BTC_USDT', 7_100_000, 7_101_000);
      await other.settled();
      const { items, total } = await centre();
      expect(total).toBe(before + 1);
      expect(items[0]).toMatchObject({
        kind: 'price_alert',
        message: 'BTC/USD crossed above 70000.00: now 71005.00',
      });
      const alert = (await desk.call(user, 'GET', '/alerts'))
        .json()
        .data.find((row: { id: string }) => row.id === created.json().data.id);
      expect(alert).toMatchObject({ firedPrice: '71005.00' });
    } finally {
      await stopOther();
    }
  });

  it('removes an alert before it fires, and refuses another user’s', async () => {
    const before = (await centre()).total;
    const id = (await desk.call(user, 'POST', '/alerts', { symbol: 'BTC_USDT', below: '40000' })).json().data
      .id;
    const other = await desk.newUser();
    expect((await desk.call(other, 'DELETE', `/alerts/${id}`)).statusCode).toBe(404);
    expect((await desk.call(user, 'DELETE', `/alerts/${id}`)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await tick(3_000_000, 3_001_000);
    expect((await centre()).total).toBe(before);
    expect((await desk.call(user, 'POST', '/alerts', { symbol: 'NOPE_USD', above: '1' })).statusCode).toBe(
      404,
    );
    expect((await desk.call(user, 'POST', '/alerts', { symbol: 'BTC_USDT', above: 'abc' })).statusCode).toBe(
      400,
    );
  });

  it('tells the user of a take-profit that closed their position', async () => {
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
    await desk.order(user, {
      side: 'buy',
      type: 'market',
      amount: '1000',
      leverage: 10,
      takeProfit: '51000',
    });
    await desk.setQuote('BTC_USDT', 5_100_000, 5_101_000);
    await expect.poll(async () => (await centre()).items[0]?.kind).toBe('take_profit');
    expect((await centre()).items[0].message).toBe(
      'Take profit hit: Buy BTC/USD 1000.00 USD (demo) at 51000.00, PnL +20.00 USD',
    );
  });

  it('tells the user of a sign-in from a new device', async () => {
    await desk.t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      remoteAddress: randomIp(),
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/120.0' },
      payload: { email: user.email, password: user.password },
    });
    await expect.poll(async () => (await centre()).items[0]?.kind).toBe('new_device');
  });

  it('marks some or all notifications read', async () => {
    const { items, unread } = await centre();
    expect(unread).toBe(items.length);
    const one = await desk.call(user, 'POST', '/notifications/read', { ids: [items[0].id] });
    expect(one.json().data.marked).toBe(1);
    expect((await centre()).unread).toBe(items.length - 1);
    await desk.call(user, 'POST', '/notifications/read', {});
    expect((await centre()).unread).toBe(0);
  });

  it('writes a notice’s e-mail in the language the account chose', async () => {
    const reader = await desk.newUser();
    const saved = await desk.call(reader, 'PUT', '/profile', { language: 'ru' });
    expect(saved.json().data.language).toBe('ru');
    const before = engine.books.size;
    await desk.call(reader, 'POST', '/alerts', { symbol: 'BTC_USDT', above: '90000' });
    await expect.poll(() => engine.books.size).toBe(before + 1);

    await tick(9_000_000, 9_001_000);
    // Its figures as Russian writes them: a no-break space between thousands, a decimal comma.
    const mail = await desk.mailbox.waitFor(reader.email, /Ценовой алерт: BTC\/USD выше 90\u00a0000,00/);
    expect(mail.text).toMatch(/^Здравствуйте, .+!$/m);
    expect(mail.text).toContain('BTC/USD поднялся выше цены вашего алерта 90\u00a0000,00');
    expect(mail.text).toContain('никогда не просит ваш пароль или коды');
    expect(mail.html).toContain('<html lang="ru">');
    expect(mail.text).not.toMatch(/\b(Hi|The price is now|never ask)\b/);
  });
});
