import type { TKycDetailsInput } from '@td/contracts/kyc';
import { beforeAll, expect } from 'vitest';
import type { TestUser } from './accounts';
import { GRACE_DETAILS } from './kyc';
import { realBtcBuy } from './order-bodies';
import { useTradingDesk } from './use-trading-desk';
import { walletHelpers } from './wallet';

/**
 * The referral tests' setting for the enclosing `describe` block: a trading desk and its wallet
 * helpers, an administrator (`w.anAdmin()`, made before the first test) and BTC_USDT quoted at
 * 49,990 / 50,000, with the ways a referred user comes to earn their referrer commission.
 */
export function useReferralDesk() {
  const desk = useTradingDesk();
  const w = walletHelpers(desk);

  beforeAll(async () => {
    await w.anAdmin();
    await desk.setQuote('BTC_USDT', 4_999_000, 5_000_000);
  });

  /** A referrer and a user, named Grace, who signed up with their code. */
  const pair = () => desk.referredPair({ firstName: 'Grace' });
  return {
    desk,
    w,
    pair,
    /**
     * A referrer and a user who signed up with their code, that user verified at level 2 (as Grace
     * Hopper unless `friend` says otherwise) and holding $1,000 of real cash; the referrer verified
     * at level 2 first when `referrer` gives details.
     */
    async verifiedPair(details: { referrer?: TKycDetailsInput; friend?: TKycDetailsInput } = {}) {
      const { referrer, friend } = await pair();
      if (details.referrer) await desk.verifyIdentity(referrer, 2, details.referrer);
      await desk.verifyIdentity(friend, 2, details.friend ?? GRACE_DETAILS);
      await w.fund(friend, '1000');
      return { referrer, friend };
    },
    /** A $1,000 real market buy at 10×, placed: a $0.50 fee, $0.10 to the referrer at 20 %. Its id. */
    async trade(user: TestUser) {
      const placed = await desk.order(user, realBtcBuy());
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json().data.id as string;
    },
    /** The referral links of a user as staff see them (`GET /admin/users/:id`). */
    referralsOf: async (user: TestUser) =>
      (await desk.call(await w.anAdmin(), 'GET', `/admin/users/${user.id}`)).json().data.referrals,
  };
}
