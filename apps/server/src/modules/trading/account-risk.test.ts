import { describe, expect, it } from 'vitest';
import { closeOutcome, liquidationFor } from './account-risk';

describe('a close under negative-balance protection', () => {
  it('pays margin plus profit, and a loss within the margin as it is', () => {
    expect(closeOutcome(500_000n, 120_000n, 0n)).toEqual({ payoutCents: 620_000n, writeOffCents: 0n });
    expect(closeOutcome(500_000n, -400_000n, 0n)).toEqual({ payoutCents: 100_000n, writeOffCents: 0n });
  });

  it('writes off a loss beyond the margin in isolated (nothing else available)', () => {
    expect(closeOutcome(500_000n, -2_000_000n, 0n)).toEqual({ payoutCents: 0n, writeOffCents: 1_500_000n });
  });

  it('takes a loss beyond the margin from the cash in cross, and writes off only what the cash cannot pay', () => {
    expect(closeOutcome(500_000n, -700_000n, 497_500n)).toEqual({
      payoutCents: -200_000n,
      writeOffCents: 0n,
    });
    expect(closeOutcome(500_000n, -2_000_000n, 497_500n)).toEqual({
      payoutCents: -497_500n,
      writeOffCents: 1_002_500n,
    });
  });
});

describe('the liquidation price of a group rule', () => {
  it('is where the position’s level reaches stop-out in isolated, and none in cross', () => {
    const isolated = { marginMode: 'isolated' as const, marginCallLevel: 50, stopOutLevel: 20 };
    // $50,000 at 10× from 100,000.00: 20 % of the margin left at a loss of 4,000.
    expect(liquidationFor(isolated, 'buy', 5_000_000n, 500_000n, 10_000_000n)).toBe(9_200_000n);
    expect(liquidationFor({ ...isolated, stopOutLevel: 60 }, 'buy', 5_000_000n, 500_000n, 10_000_000n)).toBe(
      9_600_000n,
    );
    expect(liquidationFor({ ...isolated, stopOutLevel: 60 }, 'sell', 5_000_000n, 500_000n, 10_000_000n)).toBe(
      10_400_000n,
    );
    expect(
      liquidationFor({ marginMode: 'cross', marginCallLevel: 100, stopOutLevel: 50 }, 'buy', 1n, 1n, 1n),
    ).toBeNull();
  });
});
