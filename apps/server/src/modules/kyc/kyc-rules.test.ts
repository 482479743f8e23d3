import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ageInYears, isCalendarDate, ZKycDetails } from '@td/contracts/kyc';
import { describe, expect, it } from 'vitest';
import { createDocumentSeal, loadKycKey, parseKycKey } from './document-seal';
import { dailyWithdrawalCents, identityKey, kycLevel } from './kyc-rules';

describe('identity levels', () => {
  it('needs details of an allowed country for level 1, and approved documents as well for level 2', () => {
    expect(kycLevel({ country: undefined, isApproved: false }, [])).toBe(0);
    expect(kycLevel({ country: 'GB', isApproved: false }, [])).toBe(1);
    expect(kycLevel({ country: 'GB', isApproved: true }, [])).toBe(2);
    // A country blocked after the fact takes everything away.
    expect(kycLevel({ country: 'KP', isApproved: true }, ['KP'])).toBe(0);
    expect(kycLevel({ country: undefined, isApproved: true }, [])).toBe(0);
  });

  it('lets only level 2 withdraw, up to its daily limit', () => {
    expect(dailyWithdrawalCents(0, 5_000_000n)).toBe(0n);
    expect(dailyWithdrawalCents(1, 5_000_000n)).toBe(0n);
    expect(dailyWithdrawalCents(2, 5_000_000n)).toBe(5_000_000n);
  });

  it('counts age as birthdays do, leap days included', () => {
    expect(ageInYears('2008-11-25', new Date('2026-11-25T00:00:00Z'))).toBe(18);
    expect(ageInYears('2008-11-26', new Date('2026-11-25T23:59:59Z'))).toBe(17);
    expect(ageInYears('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(17);
    expect(ageInYears('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(18);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('28-02-2028')).toBe(false);
  });

  it('checks the details as the form and the server do', () => {
    const details = {
      legalFirstName: 'Ada',
      legalLastName: 'Lovelace',
      dateOfBirth: '1990-12-10',
      country: 'gb',
      addressLine: '  12 St James’s Square ',
      city: 'London',
      postalCode: 'SW1Y 4JH',
    };
    expect(ZKycDetails.parse(details)).toMatchObject({ country: 'GB', addressLine: '12 St James’s Square' });
    for (const bad of [{ city: 'Lon\u202Edon' }, { postalCode: '' }, { dateOfBirth: '1990-13-01' }]) {
      expect(ZKycDetails.safeParse({ ...details, ...bad }).success).toBe(false);
    }
  });
});

describe('sealed documents', () => {
  const key = Buffer.alloc(32, 7);
  const seal = createDocumentSeal(key);

  it('open only with their key and their own submission and kind', () => {
    const document = Buffer.from('RIFF....WEBPVP8 the picture');
    const sealed = seal.seal(document, 'kyc:one:front');
    expect(sealed.includes(Buffer.from('WEBP'))).toBe(false);
    expect(seal.open(sealed, 'kyc:one:front')).toEqual(document);
    expect(() => seal.open(sealed, 'kyc:one:back')).toThrow();
    expect(() => createDocumentSeal(Buffer.alloc(32, 8)).open(sealed, 'kyc:one:front')).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(() => seal.open(altered, 'kyc:one:front')).toThrow();
    // A new nonce every time: the same picture never seals to the same bytes.
    expect(seal.seal(document, 'kyc:one:front').equals(sealed)).toBe(false);
  });

  it('take the key from the environment, or generate it once in the data folder', () => {
    expect(parseKycKey('ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(parseKycKey(Buffer.alloc(32, 3).toString('base64'))).toEqual(Buffer.alloc(32, 3));
    expect(() => parseKycKey('short')).toThrow('32 bytes');
    const dataDir = mkdtempSync(join(tmpdir(), 'td-kyc-'));
    const first = loadKycKey({ dataDir });
    expect(loadKycKey({ dataDir })).toEqual(first);
    expect(statSync(join(dataDir, 'kyc-encryption-key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, 'kyc-encryption-key'), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(loadKycKey({ dataDir, KYC_ENCRYPTION_KEY: 'cd'.repeat(32) })).toEqual(Buffer.alloc(32, 0xcd));
  });
});

describe('identity key', () => {
  const ada = { legalFirstName: 'Ada', legalLastName: 'Lovelace', dateOfBirth: '1990-12-10' };
  it('is one for the same person written with other case, accents, punctuation or word order', () => {
    expect(identityKey({ ...ada, legalFirstName: ' ADA ', legalLastName: 'lovelace' })).toBe(
      identityKey(ada),
    );
    expect(identityKey({ ...ada, legalFirstName: 'Lovelace', legalLastName: 'Ada' })).toBe(identityKey(ada));
    expect(
      identityKey({ legalFirstName: 'José-María', legalLastName: 'Núñez', dateOfBirth: '1980-01-02' }),
    ).toBe(identityKey({ legalFirstName: 'jose maria', legalLastName: 'NUNEZ', dateOfBirth: '1980-01-02' }));
  });
  it('differs for another name or another date of birth', () => {
    expect(identityKey({ ...ada, legalFirstName: 'Grace' })).not.toBe(identityKey(ada));
    expect(identityKey({ ...ada, dateOfBirth: '1990-12-11' })).not.toBe(identityKey(ada));
  });
});
