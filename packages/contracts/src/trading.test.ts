import { describe, expect, it } from 'vitest';
import { orderReasonText } from './trading';

describe('order reason words', () => {
  it('spells the known codes and humanises new ones', () => {
    expect(orderReasonText('insufficient_margin')).toBe('Not enough free margin');
    expect(orderReasonText('take_profit')).toBe('Take profit');
    expect(orderReasonText('margin_call')).toBe(
      'Margin call: close positions or add funds before opening more',
    );
    expect(orderReasonText('price_gap')).toBe('Price gap');
    expect(orderReasonText(null)).toBe('');
  });
});
