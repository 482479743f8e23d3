import { describe, expect, it } from 'vitest';
import { positionPnl, positionsPnlTotal } from './positions-pnl';
import { sumMoney } from './trading-math';

const quote = (bid: string, ask: string) => ({ bid, ask });

describe("the positions' unrealised PnL", () => {
  it('values a row at the live quote with its swaps, else takes the server figure', () => {
    const position = {
      side: 'buy' as const,
      amount: '1000.00',
      price: '50000.00',
      swap: '-1.50',
      pnl: '3.00',
    };
    expect(positionPnl(position, quote('51000.00', '51010.00'), 2)).toBe('18.50');
    expect(positionPnl(position, undefined, 2)).toBe('3.00');
  });

  it('totals the rows as they are shown: the sum of their cents, never a sum rounded once', () => {
    // Each third of a cent rounds on its row; a total of the exact values would read a cent more.
    const rows = [1, 2, 3].map(() => ({
      position: { side: 'buy' as const, amount: '100.00', price: '3.00', pnl: null },
      quote: quote('3.01', '3.02'),
      pricePrecision: 2,
    }));
    const shown = rows.map((row) => positionPnl(row.position, row.quote, row.pricePrecision));
    expect(shown).toEqual(['0.33', '0.33', '0.33']);
    expect(positionsPnlTotal(rows)).toBe('0.99');
    expect(positionsPnlTotal(rows)).toBe(sumMoney(shown));
  });

  it('mixes live rows, rows waiting for a price, and losses', () => {
    const rows = [
      {
        position: { side: 'sell' as const, amount: '500.00', price: '2.0000', pnl: null },
        quote: quote('2.0100', '2.0200'),
        pricePrecision: 4,
      },
      {
        position: { side: 'buy' as const, amount: '250.00', price: '10.00', pnl: '-4.25' },
        quote: undefined,
        pricePrecision: 2,
      },
    ];
    expect(positionsPnlTotal(rows)).toBe('-9.25');
    expect(positionsPnlTotal([])).toBe('0.00');
  });
});
