import { z } from 'zod';
import { ZMoney } from './envelope';

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
  count: z.number().int(),
  earned: ZMoney,
  /** The commission rate now in force, a decimal fraction ("0.2" = 20 % of the fees). */
  commissionRate: z.string(),
  items: z.array(ZReferredUser),
  /** Commission earned per UTC day (ms at midnight), oldest first, for the earnings chart. */
  series: z.array(z.object({ t: z.number().int(), earned: ZMoney })),
});
export type TReferralsData = z.infer<typeof ZReferralsData>;
