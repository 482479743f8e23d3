import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ClosedTrade, maxDrawdown, tradingStats } from './trading-stats';

const trade = (symbol: string, pnl: number, fee = 0, swap = 0): ClosedTrade => ({
  symbol,
  pnlCents: BigInt(pnl),
  feeCents: BigInt(fee),
  swapCents: BigInt(swap),
});

describe('trading statistics', () => {
  it('answers null for what no trade defines', () => {
    expect(tradingStats('30d', [], [])).toEqual({
      period: '30d',
      closedTrades: 0,
      wins: 0,
      losses: 0,
      winRate: null,
      profitFactor: null,
      expectancy: null,
      averageWin: null,
      averageLoss: null,
      largestWin: null,
      largestLoss: null,
      netResult: '0.00',
      maxDrawdown: null,
      maxDrawdownPercent: null,
      swapsPaid: '0.00',
      feesPaid: '0.00',
      bestPair: null,
      worstPair: null,
    });
  });

  it('computes the figures of a few trades, net of fees, swaps in the results', () => {
    const stats = tradingStats(
      '7d',
      [
        trade('BTC_USDT', 10_050, 50, -120),
        trade('BTC_USDT', -4_000, 0, -30),
        trade('EUR_USD', 2_000),
        trade('AAPL_USD', -1_000, 10, 5),
      ],
      [1_000_000n, 1_010_000n, 1_004_000n, 1_008_000n, 1_002_000n, 1_020_000n],
    );
    expect(stats).toMatchObject({
      closedTrades: 4,
      wins: 2,
      losses: 2,
      winRate: '50.00',
      // 12,000 won over 5,010 lost.
      profitFactor: '2.40',
      expectancy: '17.48',
      averageWin: '60.00',
      averageLoss: '-25.05',
      largestWin: '100.00',
      largestLoss: '-40.00',
      netResult: '69.90',
      maxDrawdown: '80.00',
      maxDrawdownPercent: '0.79',
      swapsPaid: '1.45',
      feesPaid: '0.60',
      bestPair: { symbol: 'BTC_USDT', result: '60.00' },
      worstPair: { symbol: 'AAPL_USD', result: '-10.10' },
    });
  });

  it('finds the deepest fall from a running peak', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10_000_000n }), { minLength: 1, maxLength: 40 }),
        (curve) => {
          const found = maxDrawdown(curve)?.cents;
          let brute = 0n;
          for (let i = 0; i < curve.length; i++)
            for (let j = i; j < curve.length; j++) {
              const fall = (curve[i] ?? 0n) - (curve[j] ?? 0n);
              if (fall > brute) brute = fall;
            }
          expect(found).toBe(brute);
        },
      ),
    );
  });
});
