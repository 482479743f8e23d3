// The chain half of the chaos run's money checker: compares the database's deposits and
// withdrawals with the transactions on the local node, naming any missed, doubled or misdirected.
import { sql } from 'drizzle-orm';
import type { Hex, PublicClient } from 'viem';
import type { Executor } from '../modules/ledger/ledger';
import { rowsOf, type Violation } from '../testing/money-checker';
import type { SentDeposit } from './chain-activity';

interface DepositRow {
  tx_hash: string;
  status: string;
  n: string | number;
}
interface WithdrawalRow {
  id: string;
  status: string;
  tx_hash: string | null;
  address: string;
  coin_units: string;
}

/** Withdrawal states in which a transaction may already be on the chain. */
const SENT_STATES = new Set(['snt', 'cnf']);
/** States still moving: the checker waits for them to settle before it compares. */
export const UNSETTLED_WITHDRAWALS = ['prc', 'drp'];

/**
 * The chain side of the money checker: every deposit sent to a user's address is recorded once and
 * credited once (none missed, none twice); every transaction the hot wallet sent on the node is a
 * withdrawal row marked sent with that hash, for the amount and address asked, and every row marked
 * sent is on the node (none sent twice, none lost).
 */
export async function checkChain(input: {
  db: Executor;
  client: PublicClient;
  hotWallet: Hex;
  deposits: readonly SentDeposit[];
  fromBlock: bigint;
}): Promise<Violation[]> {
  const violations: Violation[] = [];

  const depositRows = await rowsOf<DepositRow>(
    input.db,
    sql`
    select lower(tx_hash) as tx_hash, status, count(*) as n from wallet_transactions
    where kind = 'deposit' group by lower(tx_hash), status`,
  );
  const byHash = new Map<string, DepositRow[]>();
  for (const row of depositRows) byHash.set(row.tx_hash, [...(byHash.get(row.tx_hash) ?? []), row]);
  for (const deposit of input.deposits) {
    const found = byHash.get(deposit.hash.toLowerCase()) ?? [];
    const count = found.reduce((sum, row) => sum + Number(row.n), 0);
    if (count === 0)
      violations.push({ rule: 'every deposit on the node is recorded', detail: `${deposit.hash} missing` });
    else if (count > 1)
      violations.push({
        rule: 'a deposit is recorded once',
        detail: `${deposit.hash} recorded ${count} times`,
      });
    else if (found[0]?.status !== 'cnf')
      violations.push({
        rule: 'a confirmed deposit is credited',
        detail: `${deposit.hash} is ${found[0]?.status} after its confirmations`,
      });
  }

  const withdrawals = await rowsOf<WithdrawalRow>(
    input.db,
    sql`
    select id, status, tx_hash, address, coin_units from wallet_transactions
    where kind = 'withdrawal' and network = 'ethereum'`,
  );
  const rowByHash = new Map<string, WithdrawalRow>();
  for (const row of withdrawals) {
    if (row.tx_hash && SENT_STATES.has(row.status)) rowByHash.set(row.tx_hash.toLowerCase(), row);
    if (UNSETTLED_WITHDRAWALS.includes(row.status))
      violations.push({ rule: 'a withdrawal settles', detail: `${row.id} still ${row.status}` });
  }

  const sentOnNode = new Map<string, { to: string; value: bigint }>();
  const head = await input.client.getBlockNumber();
  const hot = input.hotWallet.toLowerCase();
  for (let number = input.fromBlock; number <= head; number++) {
    const block = await input.client.getBlock({ blockNumber: number, includeTransactions: true });
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() === hot)
        sentOnNode.set(tx.hash.toLowerCase(), { to: tx.to ?? '', value: tx.value });
    }
  }
  for (const [hash, tx] of sentOnNode) {
    const row = rowByHash.get(hash);
    if (!row)
      violations.push({
        rule: 'every transaction the hot wallet sent is a withdrawal marked sent',
        detail: `${hash} to ${tx.to} has no withdrawal row marked sent`,
      });
    else if (row.address.toLowerCase() !== tx.to.toLowerCase() || BigInt(row.coin_units) !== tx.value)
      violations.push({
        rule: 'a withdrawal sends what was asked',
        detail: `${row.id}: asked ${row.coin_units} to ${row.address}, sent ${tx.value} to ${tx.to}`,
      });
  }
  for (const [hash, row] of rowByHash) {
    if (!sentOnNode.has(hash))
      violations.push({
        rule: 'every withdrawal marked sent is on the node',
        detail: `${row.id} names ${hash}, which the hot wallet never sent`,
      });
  }
  return violations;
}
