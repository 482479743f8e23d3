import { sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotWalletKeyFromMnemonic } from '../modules/wallet/hd';
import { EVM_CONFIRMATIONS, useEvmWorld } from '../testing/evm-world';
import type { SentDeposit } from './chain-activity';
import { checkChain } from './chain-check';

/**
 * The chain side of the chaos run's checker, against a local node: silent when every deposit was
 * credited once and every send of the hot wallet is a withdrawal marked sent, and each broken rule
 * named when the rows and the chain disagree.
 */
describe('the chain checker', () => {
  const world = useEvmWorld();
  let fromBlock: bigint;
  const deposits: SentDeposit[] = [];
  let withdrawalId: string;
  const hotWallet = privateKeyToAccount(hotWalletKeyFromMnemonic()).address;
  const check = () =>
    checkChain({
      db: world.desk.t.deps.db.db,
      client: world.chain.client,
      hotWallet,
      deposits,
      fromBlock,
    });

  beforeAll(async () => {
    fromBlock = await world.chain.client.getBlockNumber();
    // A deposit of ETH to the user's address, credited after its confirmations.
    const hash = await world.sendEth(world.userAddress, '0.05');
    deposits.push({ hash, to: world.userAddress, wei: 50_000_000_000_000_000n });
    const watcher = world.makeWatcher();
    await watcher.tick();
    await world.chain.test.mine({ blocks: EVM_CONFIRMATIONS });
    await watcher.tick();
    expect((await world.deposits()).find((item) => item.txHash === hash)?.status).toBe('cnf');
    // A withdrawal of ETH, approved if held for review, sent by the hot wallet.
    await world.w.fund(world.user, '500');
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const { confirmed, id } = await world.w.withdraw(world.user, {
      coin: 'eth',
      network: 'ethereum',
      address: to,
      amount: '65',
    });
    expect(confirmed?.statusCode).toBe(200);
    withdrawalId = id as string;
    if (confirmed?.json().data.status === 'suspicous') {
      const staff = await world.w.anAdmin();
      const approved = await world.desk.call(staff, 'POST', `/admin/withdrawals/${withdrawalId}/approve`);
      expect(approved.statusCode).toBe(200);
    }
    await world.makeSender().tick();
    expect((await world.withdrawal(withdrawalId))?.status).toBe('snt');
  }, 180_000);

  const corrupt = (statement: ReturnType<typeof sql>) => world.desk.t.deps.db.db.execute(statement);

  it('finds nothing wrong when the rows and the chain agree', async () => {
    expect(await check()).toEqual([]);
  });

  it('names a deposit never recorded, and one left uncredited', async () => {
    deposits.push({ hash: `0x${'c'.repeat(64)}` as Hex, to: world.userAddress, wei: 1n });
    await corrupt(sql`update wallet_transactions set status = 'pnd' where kind = 'deposit'`);
    const rules = (await check()).map((violation) => violation.rule);
    expect(rules).toContain('every deposit on the node is recorded');
    expect(rules).toContain('a confirmed deposit is credited');
    deposits.pop();
    await corrupt(sql`update wallet_transactions set status = 'cnf' where kind = 'deposit'`);
  });

  it('names a send asked for another amount, a send with no row, a row not on the node, and one unsettled', async () => {
    await corrupt(sql`update wallet_transactions set coin_units = '1' where id = ${withdrawalId}`);
    expect((await check()).map((violation) => violation.rule)).toEqual(['a withdrawal sends what was asked']);

    await corrupt(
      sql`update wallet_transactions set tx_hash = ${`0x${'d'.repeat(64)}`} where id = ${withdrawalId}`,
    );
    expect((await check()).map((violation) => violation.rule).sort()).toEqual([
      'every transaction the hot wallet sent is a withdrawal marked sent',
      'every withdrawal marked sent is on the node',
    ]);

    await corrupt(sql`update wallet_transactions set status = 'prc' where id = ${withdrawalId}`);
    expect((await check()).map((violation) => violation.rule)).toContain('a withdrawal settles');
  });
});
