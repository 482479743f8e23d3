import { describe, expect, it } from 'vitest';
import { nextCode } from './otp-field';

describe('the code an edit leaves in the field', () => {
  it('keeps the digits of a pasted code, up to its length', () => {
    expect(nextCode('', '123 456', 6)).toBe('123456');
    expect(nextCode('', '123-4567', 6)).toBe('123456');
    expect(nextCode('12', '123', 6)).toBe('123');
  });

  it('starts a new code when typing after a whole one', () => {
    expect(nextCode('000000', '0000001', 6)).toBe('1');
    expect(nextCode('000000', '000000123 456', 6)).toBe('123456');
  });

  it('lets a digit be deleted from a whole code', () => {
    expect(nextCode('123456', '12345', 6)).toBe('12345');
  });
});
