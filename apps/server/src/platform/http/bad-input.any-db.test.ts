import { ERROR_HTTP_STATUS, type TErrorCode } from '@td/contracts/envelope';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, GOOD_PASSWORD, randomIp, type TestUser } from '../../testing/accounts';
import { demoBtcBuy } from '../../testing/order-bodies';
import { makeStaff } from '../../testing/staff';
import { useTestApp } from '../../testing/use-test-app';

/**
 * Absurd input is a 400 `VALIDATION` naming the field, never a 500: numbers past their bounds, and
 * strings with NUL or other control characters, which PostgreSQL refuses if they ever reach it.
 */
describe('absurd input', () => {
  const world = useTestApp();
  let user: TestUser;
  let admin: TestUser;
  const FORTY_NINES = '9'.repeat(40);
  const ORDER = demoBtcBuy(2);

  beforeAll(async () => {
    user = await createUser(world.t.app, world.mailbox);
    admin = await createUser(world.t.app, world.mailbox);
    await makeStaff(world.t.deps.db.db, admin.id);
  });

  const send = (method: string, url: string, payload: unknown, token: string | undefined = user.token) =>
    world.t.app.inject({
      method: method as 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token ? bearer(token) : {},
      remoteAddress: randomIp(),
    });

  it.each<[string, string, string, unknown, ('admin' | 'anonymous')?]>([
    ['a 40-digit amount', 'POST /orders', 'body.amount', { ...ORDER, amount: FORTY_NINES }],
    ['a leverage of 10^12', 'POST /orders', 'body.leverage', { ...ORDER, leverage: 1e12 }],
    ['a 40-digit take-profit', 'POST /orders', 'body.takeProfit', { ...ORDER, takeProfit: FORTY_NINES }],
    ['a 40-digit stop-loss', 'POST /orders', 'body.stopLoss', { ...ORDER, stopLoss: FORTY_NINES }],
    [
      'a NUL in a client order id',
      'POST /orders',
      'body.clientOrderId',
      { ...ORDER, clientOrderId: 'a\u0000' },
    ],
    [
      'a 40-digit margin',
      'POST /orders/00000000-0000-4000-8000-000000000000/margin',
      'body.amount',
      { amount: FORTY_NINES },
    ],
    ['a NUL in a name', 'PUT /profile', 'body.firstName', { firstName: 'Ada\u0000' }],
    ['a lone surrogate in a name', 'PUT /profile', 'body.lastName', { lastName: 'Love\ud800' }],
    ['markup as a name', 'PUT /profile', 'body.firstName', { firstName: '<img src=x>' }],
    ['an object as a name', 'PUT /profile', 'body.firstName', { firstName: { $gt: '' } }],
    ['a huge phone number', 'PUT /profile', 'body.phone', { phone: `+1${'0'.repeat(10_000)}` }],
    ['a NUL in a country', 'PUT /profile', 'body.country', { country: 'G\u0000' }],
    [
      'a NUL in an anti-phishing phrase',
      'PUT /profile/anti-phishing',
      'body.phrase',
      { phrase: 'blue\u0000moon' },
    ],
    [
      'an escape in a ticket subject',
      'POST /tickets',
      'body.subject',
      { type: 'bug', subject: 'Help\u001b[31m', message: 'x' },
    ],
    [
      'a NUL in a ticket message',
      'POST /tickets',
      'body.message',
      { type: 'bug', subject: 'Help me', message: 'a\u0000b' },
    ],
    ['a NUL in an alert symbol', 'POST /alerts', 'body.symbol', { symbol: 'BTC\u0000', above: '1' }],
    ['a 40-digit alert price', 'POST /alerts', 'body.above', { symbol: 'BTC_USDT', above: FORTY_NINES }],
    ['a NUL in a search', 'GET /pairs?q=%00', 'querystring.q', undefined],
    ['a NUL in a symbol filter', 'GET /orders?symbol=%00', 'querystring.symbol', undefined],
    ['a page past every list', 'GET /orders?page=99999999999999', 'querystring.page', undefined],
    [
      'a time past the year 9999',
      'GET /public/klines?symbol=BTC_USDT&to=9007199254740991',
      'querystring.to',
      undefined,
    ],
    [
      'a NUL in a withdrawal address',
      'POST /wallet/withdrawals',
      'body.address',
      { coin: 'usdt', network: 'tron', address: 'T\u0000', amount: '20' },
    ],
    [
      'a 40-digit withdrawal',
      'POST /wallet/withdrawals',
      'body.amount',
      { coin: 'usdt', network: 'tron', address: 'TXYZ', amount: FORTY_NINES },
    ],
    ['a NUL in an administrator search', 'GET /admin/users?q=%00', 'querystring.q', undefined, 'admin'],
    [
      'a 40-digit take-profit from an administrator',
      'PUT /admin/orders/00000000-0000-4000-8000-000000000000',
      'body.takeProfit',
      { takeProfit: FORTY_NINES },
      'admin',
    ],
    [
      'a NUL in a signup name',
      'POST /auth/signup',
      'body.firstName',
      { email: 'nul@gmail.com', password: GOOD_PASSWORD, firstName: '\u0000', lastName: 'X' },
      'anonymous',
    ],
    [
      'a NUL in a password',
      'POST /auth/signin',
      'body.password',
      { email: 'nul@gmail.com', password: 'a\u0000b' },
      'anonymous',
    ],
    [
      'a huge code',
      'POST /auth/reset-password',
      'body.code',
      { email: 'nul@gmail.com', code: ' '.repeat(100_000), password: GOOD_PASSWORD },
      'anonymous',
    ],
  ])('refuses %s with a 400 naming the field', async (_name, route, field, payload, who) => {
    const [method = 'GET', url = '/'] = route.split(' ');
    const token = who === 'anonymous' ? undefined : who === 'admin' ? admin.token : user.token;
    const response = await send(method, url, payload, token);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.details.map((issue: { field: string }) => issue.field)).toContain(field);
  });

  it.each(['/profile/image', '/tickets/attachments'])(
    'refuses a broken upload to %s with a 4xx in the error body',
    async (url) => {
      for (const body of [
        '--x\r\n\r\n',
        '--x\r\nContent-Disposition: form-data; name="image"\r\n\r\nabc',
        '',
      ]) {
        const response = await world.t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(user.token), 'content-type': 'multipart/form-data; boundary=x' },
          payload: body,
        });
        // A field where the file should be is over the field limit (413); the rest is unreadable (400).
        expect([400, 413], response.body).toContain(response.statusCode);
        expect(ERROR_HTTP_STATUS[response.json().code as TErrorCode]).toBe(response.statusCode);
      }
    },
  );

  it.each([
    ['a path part past its length', `/orders/${'a'.repeat(300)}`, 'A part of the address is too long'],
    ['a broken percent-encoding', '/orders/%E0%A4%A', 'The address is not valid'],
  ])('refuses %s with a 400 in the error body', async (_name, url, message) => {
    const response = await send('DELETE', url, undefined);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION' });
  });

  it('leaves the profile as it was after junk', async () => {
    const before = (await send('GET', '/profile', undefined)).json().data;
    for (const junk of [
      { firstName: 'A\u0000' },
      { phone: '\u0000' },
      { lastName: 42 },
      { country: ['GB'] },
    ]) {
      expect((await send('PUT', '/profile', junk)).statusCode).toBe(400);
    }
    expect((await send('GET', '/profile', undefined)).json().data).toEqual(before);
  });
});
