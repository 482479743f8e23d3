import { z } from 'zod/mini';
import { ZMoney } from './envelope';
import { ZSafeText } from './text';

/** The path of a referral link; the signup screen reads `ref` and sends it as `referralCode`. */
export const REFERRAL_SIGNUP_PATH = '/authentication/signup';
export const referralLink = (publicUrl: string, code: string) =>
  `${publicUrl.replace(/\/+$/, '')}${REFERRAL_SIGNUP_PATH}?ref=${encodeURIComponent(code)}`;

export const ZReferredUser = z.object({
  /** Masked: the referrer sees who joined without learning their full name. */
  name: z.string(),
  joinedAt: z.string(),
  /** The USD amount of the real-account positions they opened. */
  volume: ZMoney,
  commission: ZMoney,
});
export type TReferredUser = z.infer<typeof ZReferredUser>;

export const ZReferralsData = z.object({
  code: z.string(),
  link: z.string(),
  count: z.number().check(z.int()),
  earned: ZMoney,
  /** The commission rate now in force, a decimal fraction ("0.2" = 20 % of the fees). */
  commissionRate: z.string(),
  items: z.array(ZReferredUser),
  /** Commission earned per UTC day (ms at midnight), oldest first, for the earnings chart. */
  series: z.array(z.object({ t: z.number().check(z.int()), earned: ZMoney })),
});
export type TReferralsData = z.infer<typeof ZReferralsData>;

/**
 * Why a referrer and a referred user look like one person to staff: a sign-in address (IP), a
 * device, or a withdrawal address they share, or the same verified identity.
 */
export const REFERRAL_FLAGS = ['ip', 'device', 'payout_address', 'identity'] as const;
export const ZReferralFlag = z.enum(REFERRAL_FLAGS);
export type TReferralFlag = z.infer<typeof ZReferralFlag>;

/** The other side of a referral as the back-office shows it, with what links the two accounts. */
export const ZAdminReferralLink = z.object({
  userId: z.string(),
  email: z.string(),
  kycLevel: z.number().check(z.int(), z.minimum(0), z.maximum(2)),
  flags: z.array(ZReferralFlag),
});
export type TAdminReferralLink = z.infer<typeof ZAdminReferralLink>;

/** One commission paid to the user as a referrer, and its clawback if staff took it back. */
export const ZAdminReferralCommission = z.object({
  id: z.string(),
  referredId: z.string(),
  referredEmail: z.string(),
  orderId: z.string(),
  fee: ZMoney,
  commission: ZMoney,
  createdAt: z.string(),
  clawedBackAt: z.nullable(z.string()),
  clawbackReason: z.nullable(z.string()),
  /** What the reverse transaction took from the referrer's cash. */
  clawedBack: z.nullable(ZMoney),
  /** What their cash could not cover: still owed. */
  owed: z.nullable(ZMoney),
});
export type TAdminReferralCommission = z.infer<typeof ZAdminReferralCommission>;

export const ZAdminReferrals = z.object({
  /** Who referred this user. */
  referrer: z.nullable(ZAdminReferralLink),
  /** Whom this user referred (the most recent first, at most 50). */
  referees: z.array(ZAdminReferralLink),
  /** Commissions this user earned as a referrer (the most recent first, at most 50). */
  commissions: z.array(ZAdminReferralCommission),
});
export type TAdminReferrals = z.infer<typeof ZAdminReferrals>;

export const ZClawbackRequest = z.object({
  reason: ZSafeText('Reason', { min: 3, max: 300, isMultiline: true, minMessage: 'Give a reason' }),
});
export type TClawbackRequest = z.input<typeof ZClawbackRequest>;
