import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@td/contracts/auth';
import { ORDER_STATUS, type TOrderStatus } from '@td/contracts/statuses';
import { openPosition } from '@td/contracts/testing/orders';
import { ORDER_REASON_TEXT, ORDER_TYPES, type TOrder } from '@td/contracts/trading';
import { describe, expect, it } from 'vitest';
import { ORDER_CSV_COLUMNS, ORDER_CSV_HEADERS, ordersCsv, type TOrderCsvColumn } from './orders-csv';
import { ORDER_CSV_WORDS, orderReasonWords } from './orders-csv-words';

/** The columns History shows, by the web app's key of their header. */
const ON_SCREEN: Partial<Record<TOrderCsvColumn, string>> = {
  pair: 'history.column.pair',
  opened: 'history.column.opened',
  closed: 'history.column.closed',
  side: 'history.column.side',
  amount: 'history.column.amount',
  price: 'history.column.price',
  closePrice: 'history.column.closePrice',
  fee: 'history.column.fee',
  pnl: 'history.column.pnl',
  status: 'history.column.status',
};

const webWords = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../../web/src/i18n/${path}`, import.meta.url), 'utf8'));
const screenWords = (language: string): Record<string, string> => webWords(`history/${language}.json`);
/** The web app's words for the wire's codes (sides, statuses, types, accounts). */
const commonWords = (language: string): Record<string, string> => webWords(`common/${language}.json`);
/** The web app's translations of the server's sentences (the reasons among them). */
const serverWords = (language: string): Record<string, string> => webWords(`${language}.json`).server ?? {};

/** The web app's key of each order type's word. */
const TYPE_KEY = { market: 'market', limit: 'limit', stop: 'stop', stop_limit: 'stopLimit' } as const;

/** A position closed by a margin call a day after it opened, 20 USD up. */
const order = (overrides: Partial<TOrder>): TOrder =>
  openPosition({
    liquidationPrice: null,
    closePrice: '51000.00',
    status: 'mcl',
    pnl: '20.00',
    closedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  });

/** The row of one order as cells by column, header names dropped. */
const rowOf = (csv: string) => {
  const cells = (csv.split('\r\n')[1] ?? '').split('","').map((cell) => cell.replace(/^"|"$/g, ''));
  return Object.fromEntries(ORDER_CSV_COLUMNS.map((column, index) => [column, cells[index]]));
};

describe('the orders CSV', () => {
  it.each(LANGUAGES)("names History's columns as the screen does in %s", (language) => {
    const words = screenWords(language);
    for (const [column, key] of Object.entries(ON_SCREEN)) {
      expect(words[key], key).toBeDefined();
      expect(ORDER_CSV_HEADERS[language][column as TOrderCsvColumn], column).toBe(words[key]);
    }
  });

  it.each(LANGUAGES)('writes sides, statuses, types and accounts as the screen does in %s', (language) => {
    const words = commonWords(language);
    const ours = ORDER_CSV_WORDS[language];
    for (const side of ['buy', 'sell'] as const) expect(ours.side[side]).toBe(words[`orders.side.${side}`]);
    for (const status of Object.keys(ORDER_STATUS) as TOrderStatus[])
      expect(ours.status[status], status).toBe(words[`status.order.${status}`]);
    for (const type of ORDER_TYPES)
      expect(ours.type[type], type).toBe(words[`orders.type.${TYPE_KEY[type]}`]);
    expect(ours.account).toEqual({ demo: words['common.demo'], real: words['common.real'] });
  });

  it.each(LANGUAGES)('writes the reasons as the screen translates them in %s', (language) => {
    const translated = serverWords(language);
    for (const [code, english] of Object.entries(ORDER_REASON_TEXT)) {
      const expected = language === 'en' ? english : translated[english];
      expect(expected, code).toBeDefined();
      expect(orderReasonWords(code, language), code).toBe(expected);
    }
    // A code the words do not know yet reads as the contracts write it, never blank.
    expect(orderReasonWords('new_reason', language)).toBe('New reason');
    expect(orderReasonWords(null, language)).toBe('');
  });

  it('fills a row in the language asked for, figures and IDs as the API writes them', () => {
    const sold = order({
      side: 'sell',
      type: 'limit',
      status: 'exc',
      reason: 'take_profit',
      account: 'real',
    });
    expect(rowOf(ordersCsv([sold], 'es'))).toMatchObject({
      side: 'Venta',
      type: 'Límite',
      status: 'Ejecutada',
      account: 'Real',
      reason: 'Take profit',
      price: '50000.00',
      orderId: 'o1',
    });
    expect(rowOf(ordersCsv([sold], 'ru'))).toMatchObject({
      side: 'Продажа',
      type: 'Лимитный',
      status: 'Исполнен',
      account: 'Реальный',
      reason: 'Тейк-профит',
      pnl: '20.00',
    });
    expect(rowOf(ordersCsv([order({})], 'en'))).toMatchObject({
      side: 'Buy',
      type: 'Market',
      status: 'Manual Close',
      account: 'Demo',
      reason: '',
    });
  });

  it("puts the screen's columns first, in its order", () => {
    expect(ORDER_CSV_COLUMNS.filter((column) => column in ON_SCREEN)).toEqual(Object.keys(ON_SCREEN));
    expect(ORDER_CSV_COLUMNS.slice(0, 3)).toEqual(['pair', 'opened', 'closed']);
  });

  it('writes a header line alone for no orders, every name quoted', () => {
    const csv = ordersCsv([], 'es');
    expect(csv.split('\r\n')).toHaveLength(1);
    expect(csv.startsWith('"Par","Apertura","Cierre"')).toBe(true);
  });
});
