import { parseScaled } from '@td/contracts/decimal';
import type { TWithdrawalQuote } from '@td/contracts/wallet';
import { eq, sql } from 'drizzle-orm';
import { users } from '../modules/auth/auth.schema';
import { walletTransactions } from '../modules/wallet/wallet.schema';
import { type TestUser, totpNow } from './accounts';
import { codeIn } from './test-mailbox';
import type { TradingDesk } from './trading';

/** Wallet helpers on a trading desk under test: funding, the three withdrawal steps, admin. */
/** An address no test user owns (a checksummed EVM address), and a withdrawal of 100 USD in ETH to it. */
export const EVM_TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const ETH_WITHDRAWAL = { coin: 'eth', network: 'ethereum', address: EVM_TO, amount: '100' };
/** A Tron address no test user owns, and a withdrawal of 100 USD in TRX to it. */
export const TRON_TO = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const TRON_WITHDRAWAL = { coin: 'tron', network: 'tron', address: TRON_TO, amount: '100' };
type WithdrawalBody = { coin: string; network: string; address: string; amount: string };

export function walletHelpers(desk: TradingDesk) {
  // Read when used, so the helpers can be made before the desk has started (`useTradingDesk`).
  const db = () => desk.t.deps.db.db;
  let admin: TestUser | undefined;
  /** An administrator of the desk, made on first use. */
  const anAdmin = async () => {
    if (!admin) {
      admin = await desk.newUser();
      await desk.makeAdmin(admin);
    }
    return admin;
  };
  /** Step 1 of a withdrawal (its quote), answered as it comes. */
  const requestWithdrawal = (user: TestUser, body: WithdrawalBody) =>
    desk.call(user, 'POST', '/wallet/withdrawals', body);
  /** Step 2 of a withdrawal: its code asked for (200) and read from the mailbox. */
  const withdrawalCode = async (user: TestUser, id: string) => {
    desk.mailbox.clear();
    const sent = await desk.call(user, 'POST', `/wallet/withdrawals/${id}/request-code`);
    if (sent.statusCode !== 200) throw new Error(`request-code failed: ${sent.body}`);
    return codeIn(await desk.mailbox.waitFor(user.email, /withdrawal/i));
  };
  const helpers = {
    anAdmin,
    requestWithdrawal,
    withdrawalCode,
    /** Puts USD in a verified customer's real cash as a deposit would (identity verified first). */
    async fund(user: TestUser, usd: string) {
      await desk.verifyIdentity(user);
      await desk.creditReal(user, parseScaled(usd, 2), 'test_funding');
    },
    async makeAdmin(user: TestUser) {
      await desk.makeAdmin(user);
    },
    /** Makes the user's past withdrawals to `address` look two days old. */
    async ageAddress(user: TestUser, address: string) {
      await db()
        .update(walletTransactions)
        .set({ heldAt: sql`now() - interval '2 days'` })
        .where(sql`${walletTransactions.userId} = ${user.id} and ${walletTransactions.address} = ${address}`);
    },
    async clearSecurityChanges(user: TestUser) {
      await db()
        .update(users)
        .set({ passwordChangedAt: null, tfaChangedAt: null })
        .where(eq(users.id, user.id));
    },
    async realCash(user: TestUser): Promise<string> {
      return (await desk.portfolio(user, 'real')).balance;
    },
    /** Step 1 of a withdrawal, which must be taken (201): its quote. */
    async quoteWithdrawal(user: TestUser, body: WithdrawalBody): Promise<TWithdrawalQuote> {
      const created = await requestWithdrawal(user, body);
      if (created.statusCode !== 201) throw new Error(`withdrawal refused: ${created.body}`);
      return created.json().data;
    },
    /** Funds `user` with `usd` (identity verified), then asks for a withdrawal: step 1's answer. */
    async fundAndRequest(user: TestUser, usd: string, body: WithdrawalBody) {
      await helpers.fund(user, usd);
      return requestWithdrawal(user, body);
    },
    /** Step 1, the code of step 2 from the mailbox, and step 3; returns the last answer. */
    async withdraw(user: TestUser, body: WithdrawalBody) {
      const created = await requestWithdrawal(user, body);
      if (created.statusCode !== 201) return { created, confirmed: undefined };
      const id: string = created.json().data.id;
      const code = await withdrawalCode(user, id);
      const confirmed = await desk.call(user, 'POST', `/wallet/withdrawals/${id}/confirm`, {
        emailCode: code,
        ...(user.tfaSecret ? { tfaCode: totpNow(user.tfaSecret) } : {}),
      });
      return { created, confirmed, id };
    },
    /**
     * Makes `address` one the user has sent to before, two days ago: a withdrawal there goes out
     * (approved and marked sent by an administrator) and is aged. Only one that went out counts.
     */
    async knownAddress(
      user: TestUser,
      body: { coin: string; network: string; address: string; amount?: string },
    ): Promise<string> {
      const { confirmed, id } = await helpers.withdraw(user, { amount: '20', ...body });
      if (confirmed?.statusCode !== 200 || !id) throw new Error(`withdrawal failed: ${confirmed?.body}`);
      const staff = await anAdmin();
      if (confirmed.json().data.status === 'suspicous') {
        const approved = await desk.call(staff, 'POST', `/admin/withdrawals/${id}/approve`);
        if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
      }
      const sent = await desk.call(staff, 'POST', `/admin/withdrawals/${id}/mark-sent`, {
        txHash: `0x${'b'.repeat(64)}`,
      });
      if (sent.statusCode !== 200) throw new Error(`mark-sent failed: ${sent.body}`);
      await helpers.ageAddress(user, body.address);
      return id;
    },
    /** Moves a withdrawal quote's expiry into the past, as if its time had run out. */
    async expireQuote(id: string) {
      await db()
        .update(walletTransactions)
        .set({ quoteExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(walletTransactions.id, id));
    },
    /** Suspends or reactivates a user in the database (sessions stay, unlike the back-office). */
    async setUserStatus(user: TestUser, status: 'act' | 'sus') {
      await db().update(users).set({ status }).where(eq(users.id, user.id));
    },
  };
  return helpers;
}
