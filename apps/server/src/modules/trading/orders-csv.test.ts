import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@td/contracts/auth';
import { describe, expect, it } from 'vitest';
import { ORDER_CSV_COLUMNS, ORDER_CSV_HEADERS, ordersCsv, type TOrderCsvColumn } from './orders-csv';

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

const screenWords = (language: string): Record<string, string> =>
  JSON.parse(
    readFileSync(new URL(`../../../../web/src/i18n/history/${language}.json`, import.meta.url), 'utf8'),
  );

describe('the orders CSV', () => {
  it.each(LANGUAGES)("names History's columns as the screen does in %s", (language) => {
    const words = screenWords(language);
    for (const [column, key] of Object.entries(ON_SCREEN)) {
      expect(words[key], key).toBeDefined();
      expect(ORDER_CSV_HEADERS[language][column as TOrderCsvColumn], column).toBe(words[key]);
    }
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
