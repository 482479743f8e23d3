import { parseScaled } from '@td/contracts/decimal';
import { eq, sql } from 'drizzle-orm';
import { users } from '../modules/auth/auth.schema';
import { cash, house, post } from '../modules/ledger/ledger';
import { walletTransactions } from '../modules/wallet/wallet.schema';
import { type TestUser, totpNow } from './accounts';
import { codeIn } from './test-mailbox';
import type { TradingDesk } from './trading';

/** Wallet helpers on a trading desk under test: funding, the three withdrawal steps, admin. */
export function walletHelpers(desk: TradingDesk) {
  const db = desk.t.deps.db.db;
  return {
    /** Puts USD in a user's real cash as a deposit would. */
    async fund(user: TestUser, usd: string) {
      const cents = parseScaled(usd, 2);
      await db.transaction((tx) =>
        post(tx, {
          kind: 'test_funding',
          postings: [
            { account: cash(user.id, 'real'), amountCents: cents },
            { account: house('deposits'), amountCents: -cents },
          ],
        }),
      );
    },
    async makeAdmin(user: TestUser) {
      await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    },
    /** Makes the user's past withdrawals to `address` look two days old (a known address). */
    async ageAddress(user: TestUser, address: string) {
      await db
        .update(walletTransactions)
        .set({ heldAt: sql`now() - interval '2 days'` })
        .where(sql`${walletTransactions.userId} = ${user.id} and ${walletTransactions.address} = ${address}`);
    },
    async clearSecurityChanges(user: TestUser) {
      await db
        .update(users)
        .set({ passwordChangedAt: null, tfaChangedAt: null })
        .where(eq(users.id, user.id));
    },
    async realCash(user: TestUser): Promise<string> {
      return (await desk.portfolio(user, 'real')).balance;
    },
    /** Step 1, the code of step 2 from the mailbox, and step 3; returns the last answer. */
    async withdraw(user: TestUser, body: { coin: string; network: string; address: string; amount: string }) {
      const created = await desk.call(user, 'POST', '/wallet/withdrawals', body);
      if (created.statusCode !== 201) return { created, confirmed: undefined };
      const id: string = created.json().data.id;
      desk.mailbox.clear();
      const sent = await desk.call(user, 'POST', `/wallet/withdrawals/${id}/request-code`);
      if (sent.statusCode !== 200) throw new Error(`request-code failed: ${sent.body}`);
      const code = codeIn(await desk.mailbox.waitFor(user.email, /withdrawal/i));
      const confirmed = await desk.call(user, 'POST', `/wallet/withdrawals/${id}/confirm`, {
        emailCode: code,
        ...(user.tfaSecret ? { tfaCode: totpNow(user.tfaSecret) } : {}),
      });
      return { created, confirmed, id };
    },
  };
}
