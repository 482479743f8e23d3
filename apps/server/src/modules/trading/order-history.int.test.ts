import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { ORDER_CSV_COLUMNS, ORDER_CSV_HEADERS } from './orders-csv';

/**
 * History's data: each order with the times it opened and closed; a partial close listed right
 * after the position it was closed from (named by its id), and the CSV export with the screen's
 * column names in the language asked for.
 */
describe("an account's order history", () => {
  const desk = useTradingDesk();

  const open = async (user: TestUser, amount: string) => {
    const opened = await desk.order(user, { side: 'buy', type: 'market', amount, leverage: 10 });
    expect(opened.statusCode, opened.body).toBe(201);
    return opened.json().data as { id: string; openedAt: string };
  };
  const partClose = async (user: TestUser, id: string, amount: string) => {
    const answer = await desk.call(user, 'POST', `/orders/${id}/partial-close`, { amount });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  it('lists a partial close with its position, in the order the parts were closed', async () => {
    await desk.setQuote('BTC_USDT', 2_499_500, 2_500_000);
    const user = await desk.newUser();
    const first = await open(user, '300');
    const second = await open(user, '200');
    await desk.setQuote('BTC_USDT', 2_509_500, 2_510_000);
    await partClose(user, first.id, '100');
    await partClose(user, first.id, '50');
    const listed = await desk.call(user, 'GET', '/orders?account=demo');
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().data.items as Array<{
      id: string;
      parentId: string | null;
      amount: string;
      pnl: string | null;
      openedAt: string | null;
      closedAt: string | null;
    }>;
    // Newest position first; the older one is followed by its two parts.
    expect(
      items.map((item) => [item.parentId === null ? item.id : `part of ${item.parentId}`, item.amount]),
    ).toEqual([
      [second.id, '200.00'],
      [first.id, '150.00'],
      [`part of ${first.id}`, '100.00'],
      [`part of ${first.id}`, '50.00'],
    ]);
    const [, position, firstPart, secondPart] = items;
    // A part keeps the position's opening time and has its own close and result.
    expect(firstPart?.openedAt).toBe(first.openedAt);
    expect(position?.closedAt).toBeNull();
    expect(firstPart?.closedAt).not.toBeNull();
    expect(Date.parse(secondPart?.closedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(firstPart?.closedAt ?? ''),
    );
    // 100 USD bought at 25,000.00, sold at 25,095.00: +0.38 %.
    expect(firstPart?.pnl).toBe('0.38');
  });

  it("exports the screen's column names in the language asked for, else the user's", async () => {
    await desk.setQuote('BTC_USDT', 2_499_500, 2_500_000);
    const user = await desk.newUser();
    const position = await open(user, '300');
    await partClose(user, position.id, '100');
    const csvOf = async (query: string) => {
      const answer = await desk.call(user, 'GET', `/orders/export?account=demo${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.body.split('\r\n');
    };
    const header = (language: 'en' | 'es' | 'ru') =>
      ORDER_CSV_COLUMNS.map((column) => `"${ORDER_CSV_HEADERS[language][column]}"`).join(',');

    const spanish = await csvOf('&lang=es');
    expect(spanish[0]?.startsWith('"Par","Apertura","Cierre","Lado","Importe (USD)"')).toBe(true);
    expect((await csvOf('&lang=ru'))[0]?.startsWith('"Пара","Открыта","Закрыта"')).toBe(true);
    const english = await csvOf('');
    expect(english[0]?.startsWith('"Pair","Opened","Closed","Side","Amount (USD)","Price"')).toBe(true);
    for (const language of ['en', 'es', 'ru'] as const) {
      expect((await csvOf(`&lang=${language}`))[0]).toBe(header(language));
    }
    // The position, then its part naming it; both with the time the position opened.
    expect(english).toHaveLength(3);
    expect(english[1]).toContain(`"${position.openedAt}"`);
    expect(english[2]).toContain(`"${position.openedAt}"`);
    expect(english[1]).not.toContain(`"${position.id}","${position.id}"`);
    expect(english[2]).toContain(`"${position.id}"`);
    // The cells' words too: the side, type and account as the screen shows them.
    expect(spanish[1]).toContain('"Compra"');
    expect(spanish[1]).toContain('"Mercado"');
    expect((await csvOf('&lang=ru'))[1]).toContain('"Покупка"');
    expect(english[1]).toContain('"Buy"');
    const refused = await desk.call(user, 'GET', '/orders/export?account=demo&lang=fr');
    expect(refused.statusCode).toBe(400);
  });
});
