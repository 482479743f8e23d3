import { describe, expect, it } from 'vitest';
import { methodsToOffer } from './tfa-verification-screen';

describe('the ways the second step offers', () => {
  it('offers the passkey first and every other factor the account has after it', () => {
    expect(methodsToOffer({ authenticatorApp: true, recoveryCode: true, passkey: true }, true)).toEqual([
      'passkey',
      'app',
      'recovery',
    ]);
    expect(methodsToOffer({ authenticatorApp: true, recoveryCode: false, passkey: true }, true)).toEqual([
      'passkey',
      'app',
    ]);
    expect(methodsToOffer({ authenticatorApp: false, recoveryCode: false, passkey: true }, true)).toEqual([
      'passkey',
    ]);
  });

  it('leaves the passkey out where the browser cannot use one', () => {
    expect(methodsToOffer({ authenticatorApp: true, recoveryCode: true, passkey: true }, false)).toEqual([
      'app',
      'recovery',
    ]);
  });

  it('offers the app and a recovery code when the list could not be fetched', () => {
    expect(methodsToOffer(undefined, true)).toEqual(['app', 'recovery']);
  });
});
