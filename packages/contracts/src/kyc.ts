import { z } from 'zod/mini';
import { NAME_LENGTH_MAX } from './auth';
import { ZPageQuery } from './envelope';
import { ZPersonName, ZSafeText } from './text';

/**
 * Identity verification. Level 0: a verified e-mail (demo trading, deposits). Level 1: complete
 * personal details of an adult living in an allowed country (trading on the Real account). Level 2:
 * identity documents approved by an administrator (withdrawals, up to a daily limit).
 */
export const KYC_LEVELS = [0, 1, 2] as const;
export type TKycLevel = (typeof KYC_LEVELS)[number];

/** The state of the identity documents: none sent, waiting for review, approved or rejected. */
export const KYC_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export const ZKycStatus = z.enum(KYC_STATUSES);
export type TKycStatus = z.infer<typeof ZKycStatus>;
/** A submission as stored and as the back-office filters them. */
export const KYC_SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZKycSubmissionStatus = z.enum(KYC_SUBMISSION_STATUSES);
export type TKycSubmissionStatus = z.infer<typeof ZKycSubmissionStatus>;

export const KYC_STATUS_LABEL: Record<TKycStatus, string> = {
  none: 'Not sent',
  pending: 'Under review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence'] as const;
export const ZDocumentType = z.enum(DOCUMENT_TYPES, { error: 'Choose passport, ID card or driving licence' });
export type TDocumentType = z.infer<typeof ZDocumentType>;
export const DOCUMENT_TYPE_LABEL: Record<TDocumentType, string> = {
  passport: 'Passport',
  id_card: 'ID card',
  driving_licence: 'Driving licence',
};

/** A document type inside a sentence: "your ID card". */
export const DOCUMENT_TYPE_PHRASE: Record<TDocumentType, string> = {
  passport: 'passport',
  id_card: 'ID card',
  driving_licence: 'driving licence',
};

/** The images of a submission: a passport has no back. */
export const DOCUMENT_KINDS = ['front', 'back', 'selfie'] as const;
export const ZDocumentKind = z.enum(DOCUMENT_KINDS);
export type TDocumentKind = z.infer<typeof ZDocumentKind>;
export const documentKindsOf = (type: TDocumentType): readonly TDocumentKind[] =>
  type === 'passport' ? ['front', 'selfie'] : DOCUMENT_KINDS;
export const DOCUMENT_KIND_LABEL: Record<TDocumentKind, string> = {
  front: 'Front',
  back: 'Back',
  selfie: 'Selfie holding the document',
};

/** Said with a 403 when a withdrawal is asked for below level 2. */
export const KYC_WITHDRAW_TEXT = 'Verify your identity to withdraw';
/** Said with a 403 when a Real order is placed below level 1. */
export const KYC_REAL_TRADING_TEXT = 'Complete your personal details to trade on the Real account';

export const ADULT_AGE_YEARS = 18;
/** No one alive was born before this. */
const BIRTH_YEAR_MIN = 1900;

/** Full years between a YYYY-MM-DD birth date and `now` (UTC), as a birthday counts them. */
export function ageInYears(dateOfBirth: string, now: Date): number {
  const [year = 0, month = 0, day = 0] = dateOfBirth.split('-').map(Number);
  const years = now.getUTCFullYear() - year;
  const before = now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  return before ? years - 1 : years;
}

/** Whether YYYY-MM-DD names a day of the calendar (no 31 February). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const TOO_YOUNG_MESSAGE = `You must be at least ${ADULT_AGE_YEARS} years old`;

/** Why a date of birth is refused on `today`'s date (under age), or undefined. */
export const dateOfBirthProblem = (dateOfBirth: string, today: Date): string | undefined =>
  ageInYears(dateOfBirth, today) >= ADULT_AGE_YEARS ? undefined : TOO_YOUNG_MESSAGE;

/**
 * A date of birth as the API's schema takes it: a day of the calendar from BIRTH_YEAR_MIN on (the
 * document says so: `format: date`, a year from 1900). The age it gives depends on the day it is
 * sent, so the route checks that (`dateOfBirthProblem`), not the schema.
 */
const ZDateOfBirthDay = z.string({ error: 'Enter your date of birth' }).check(
  z.maxLength(10, 'Enter the date as YYYY-MM-DD'),
  z.meta({ format: 'date', pattern: '^(?:19|[2-9]\\d)\\d{2}-\\d{2}-\\d{2}$' }),
  z.refine(isCalendarDate, 'Enter the date as YYYY-MM-DD'),
  z.refine((text) => Number(text.slice(0, 4)) >= BIRTH_YEAR_MIN, 'Enter your real date of birth'),
);
const ZDateOfBirth = ZDateOfBirthDay.check(
  z.refine((text) => !dateOfBirthProblem(text, new Date()), TOO_YOUNG_MESSAGE),
);

/** Level 1, as the route's schema takes it: the age is checked by the route, on the day. */
export const ZKycDetailsRequest = z.object({
  legalFirstName: ZPersonName('Legal first name', { max: NAME_LENGTH_MAX }),
  legalLastName: ZPersonName('Legal last name', { max: NAME_LENGTH_MAX }),
  dateOfBirth: ZDateOfBirthDay,
  country: z.pipe(
    z
      .string({ error: 'Choose a country' })
      .check(z.maxLength(2, 'Choose a country'), z.regex(/^[A-Za-z]{2}$/, 'Choose a country')),
    z.transform((value) => value.toUpperCase()),
  ),
  addressLine: ZSafeText('Address', { min: 3, max: 200, minMessage: 'Enter your street address' }),
  city: ZSafeText('City', { min: 1, max: 100 }),
  postalCode: z.string({ error: 'Enter your postal code' }).check(
    z.trim(),
    z.minLength(2, 'Enter your postal code'),
    z.maxLength(12, 'A postal code is at most 12 characters'),
    z.regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'A postal code is letters, digits, spaces and hyphens'),
    // The document's pattern: sent trimmed (no space at the end), so its length is what is counted.
    z.meta({ pattern: '^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9-])?$' }),
  ),
});
/** Level 1: the person as their documents name them, and where they live (an adult, today). */
export const ZKycDetails = z.extend(ZKycDetailsRequest, { dateOfBirth: ZDateOfBirth });
export type TKycDetails = z.output<typeof ZKycDetails>;
/** The details as the server sends them back (already checked: plain text). */
export const ZKycDetailsView = z.object({
  legalFirstName: z.string(),
  legalLastName: z.string(),
  dateOfBirth: z.string(),
  country: z.string(),
  addressLine: z.string(),
  city: z.string(),
  postalCode: z.string(),
});
export type TKycDetailsInput = z.input<typeof ZKycDetails>;

/** What an account may do at its level: the withdrawals of the last 24 hours against its limit (USD). */
export const ZKycLimits = z.object({
  withdrawalDaily: z.string(),
  withdrawnToday: z.string(),
});

export const ZKyc = z.object({
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  status: ZKycStatus,
  /** Why the last submission was rejected. */
  reason: z.nullable(z.string()),
  details: z.nullable(ZKycDetailsView),
  /** Why the details do not count (a country where the service is not offered). */
  detailsProblem: z.nullable(z.string()),
  documentType: z.nullable(ZDocumentType),
  submittedAt: z.nullable(z.string()),
  limits: ZKycLimits,
});
export type TKyc = z.infer<typeof ZKyc>;

export const ZKycSubmissionsQuery = z.extend(ZPageQuery, { status: z.optional(ZKycSubmissionStatus) });

export const ZKycSubmission = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  documentType: ZDocumentType,
  status: ZKycSubmissionStatus,
  reason: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type TKycSubmission = z.infer<typeof ZKycSubmission>;

/** One submission for review: the details beside the documents, each a short-lived signed link. */
export const ZKycSubmissionDetail = z.extend(ZKycSubmission, {
  details: z.nullable(ZKycDetailsView),
  documents: z.array(z.object({ kind: ZDocumentKind, url: z.string() })),
});
export type TKycSubmissionDetail = z.infer<typeof ZKycSubmissionDetail>;

export const ZKycRejectRequest = z.object({
  reason: ZSafeText('Reason', {
    min: 3,
    max: 300,
    minMessage: 'Say why, in a few words the user will read',
  }),
});
