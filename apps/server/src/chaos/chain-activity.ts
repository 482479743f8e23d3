import { PAYMENT_CODE } from '@td/contracts/statuses';
import { type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { LocalChain } from '../testing/local-chain';
import { ADMIN_IP, asUser, type SimulatedUser } from './simulated-users';
import type { BalancedApi } from './traffic';

// The chain side of the simulated users: deposits sent on the local node, the state they settle
// in, and the back-office approving the withdrawals held for review.

/** Deposits sent on the node: what the checker expects credited exactly once. */
export interface SentDeposit {
  hash: Hex;
  to: Hex;
  wei: bigint;
}

/**
 * A funded account that sends the users' deposits one at a time (one nonce sequence), so
 * concurrent users never race each other on the node.
 */
export async function createDepositor(chain: LocalChain) {
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  const funding = await chain.deployer.sendTransaction({ to: account.address, value: parseEther('5000') });
  await chain.client.waitForTransactionReceipt({ hash: funding });
  const wallet = chain.walletOf(key);
  const sent: SentDeposit[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  return {
    sent,
    send(to: Hex, wei: bigint): Promise<void> {
      const next = queue.then(async () => {
        const hash = await wallet.sendTransaction({ to, value: wei });
        sent.push({ hash, to, wei });
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
export type Depositor = Awaited<ReturnType<typeof createDepositor>>;

/**
 * Whether the chain side has settled, as the users see it: every deposit sent to them is listed
 * and confirmed (or below the minimum), and none of their withdrawals is still being sent.
 */
export async function settledOnChain(
  users: SimulatedUser[],
  api: BalancedApi,
  sent: readonly SentDeposit[],
): Promise<boolean> {
  type Item = { status: string; txHash: string | null };
  for (const user of users.filter((u) => u.onChain)) {
    const as = asUser(api, user);
    const deposits = await as<{ data: { items: Item[] } }>('/wallet/transactions?kind=deposit&limit=100', {
      token: user.token,
    });
    const withdrawals = await as<{ data: { items: Item[] } }>(
      '/wallet/transactions?kind=withdrawal&limit=100',
      {
        token: user.token,
      },
    );
    if (deposits?.status !== 200 || withdrawals?.status !== 200) return false;
    const final = new Set(
      deposits.body.data.items
        .filter((item) => item.status !== PAYMENT_CODE.pending)
        .map((item) => item.txHash?.toLowerCase()),
    );
    const mine = sent.filter((deposit) => deposit.to.toLowerCase() === user.depositAddress?.toLowerCase());
    if (mine.some((deposit) => !final.has(deposit.hash.toLowerCase()))) return false;
    if (withdrawals.body.data.items.some((item) => ['prc', 'drp'].includes(item.status))) return false;
  }
  return true;
}

/**
 * The back-office's part: withdrawals held for review (a first withdrawal to a new address, say)
 * are approved, so they go on to the chain as a reviewer would let them.
 */
export async function approveHeldWithdrawals(api: BalancedApi, adminToken: string): Promise<number> {
  const held = await api<{ data: { items: Array<{ id: string }> } }>(
    `/admin/withdrawals?status=${PAYMENT_CODE.underReview}&limit=100`,
    { token: adminToken, ip: ADMIN_IP },
  );
  let approved = 0;
  for (const withdrawal of held?.body?.data?.items ?? []) {
    const answer = await api(`/admin/withdrawals/${withdrawal.id}/approve`, {
      method: 'POST',
      token: adminToken,
      ip: ADMIN_IP,
    });
    if (answer?.status === 200) approved += 1;
  }
  return approved;
}
