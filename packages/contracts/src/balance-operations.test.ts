import { describe, expect, it } from 'vitest';
import { balanceAmountProblem, ZBalanceOperationRequest } from './balance-operations';

describe('balance operation amounts', () => {
  it('takes positive amounts with at most 2 decimals, up to the bound', () => {
    for (const amount of ['0.01', '1', '250.5', '10000000', '10000000.00'])
      expect(balanceAmountProblem('credit', amount), amount).toBeUndefined();
  });

  it('takes a negative amount for a correction only', () => {
    expect(balanceAmountProblem('correction', '-40.25')).toBeUndefined();
    for (const kind of ['credit', 'bonus', 'fee_refund'] as const)
      expect(balanceAmountProblem(kind, '-1')).toBe('Only a correction may be negative');
  });

  it('refuses 0, too many decimals, exponents, words and amounts beyond the bound either way', () => {
    expect(balanceAmountProblem('correction', '0')).toBe('Amount must not be 0');
    expect(balanceAmountProblem('correction', '-0.00')).toBe('Amount must not be 0');
    for (const amount of ['1.001', '1e5', 'ten', '', ' 1', '+5', '1,5', '0x10', 'NaN'])
      expect(balanceAmountProblem('credit', amount), amount).toBe(
        'Amount must be a number with at most 2 decimals',
      );
    expect(balanceAmountProblem('credit', '10000000.01')).toBe('Amount must be at most 10000000 USD');
    expect(balanceAmountProblem('correction', '-10000000.01')).toBe('Amount must be at most 10000000 USD');
    expect(balanceAmountProblem('credit', '9'.repeat(13))).toBe(
      'Amount must be a number with at most 2 decimals',
    );
  });

  it('names the field of each problem in a request', () => {
    const parsed = ZBalanceOperationRequest.safeParse({
      account: 'real',
      kind: 'bonus',
      amount: '-5',
      reason: 'Promo',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['amount']);
    const noReason = ZBalanceOperationRequest.safeParse({
      account: 'real',
      kind: 'credit',
      amount: '5',
      reason: ' ',
    });
    expect(noReason.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['reason']);
    expect(
      ZBalanceOperationRequest.safeParse({ account: 'demo', kind: 'correction', amount: '-5', reason: 'Fix' })
        .success,
    ).toBe(true);
  });
});
