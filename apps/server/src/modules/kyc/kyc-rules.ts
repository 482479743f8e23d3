import type { TKycLevel } from '@td/contracts/kyc';

/**
 * An account's level: 1 with personal details of a country the service is offered in (the details
 * were checked for age when saved), 2 when documents were approved as well; otherwise 0.
 */
export function kycLevel(
  facts: { country: string | undefined; isApproved: boolean },
  blockedCountries: readonly string[],
): TKycLevel {
  if (facts.country === undefined || blockedCountries.includes(facts.country)) return 0;
  return facts.isApproved ? 2 : 1;
}

/** What the account may withdraw in 24 hours (cents): only a verified identity withdraws. */
export const dailyWithdrawalCents = (level: TKycLevel, level2DailyCents: bigint): bigint =>
  level === 2 ? level2DailyCents : 0n;

/**
 * The identity a verified account's details name, as one text to compare with another account's:
 * the legal name's words (accents, case, punctuation and order dropped: "José-María Núñez" and
 * "nunez jose maria" are one) and the date of birth. The details hold no document number, so
 * name and birth date are what tells one person from another.
 */
export function identityKey(details: {
  legalFirstName: string;
  legalLastName: string;
  dateOfBirth: string;
}): string {
  const words = `${details.legalFirstName} ${details.legalLastName}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort();
  return `${words.join(' ')}|${details.dateOfBirth.trim()}`;
}
