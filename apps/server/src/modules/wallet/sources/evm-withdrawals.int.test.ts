import { formatScaled, parseScaled } from '@td/contracts/decimal';
import { sql } from 'drizzle-orm';
import { erc20Abi, type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVM_CONFIRMATIONS as CONFIRMATIONS, usdt, useEvmWorld } from '../../../testing/evm-world';
import { compileTestUsdt } from '../../../testing/local-chain';
import { AUTH_LIMITS } from '../../auth/auth-rules';

describe('EVM withdrawals on a local chain', () => {
  const world = useEvmWorld();

  describe('withdrawals', () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const hold = async (body: { coin: string; amount: string; address?: string }) => {
      const { confirmed, id } = await world.w.withdraw(world.user, {
        network: 'ethereum',
        address: to,
        ...body,
      });
      expect(confirmed?.statusCode, confirmed?.body).toBe(200);
      return { id: id as string, status: confirmed?.json().data.status as string };
    };

    // Each test asks for and checks several withdrawal codes: each starts fresh windows of their limits.
    beforeEach(async () => {
      await world.desk.t.deps.limiter.reset(AUTH_LIMITS.actionCodePerAccount, `withdrawal:${world.user.id}`);
      await world.desk.t.deps.limiter.reset(AUTH_LIMITS.actionCheckPerAccount, world.user.id);
    });

    beforeAll(async () => {
      await world.w.fund(world.user, '3000');
      // A first withdrawal sent to the address two days ago makes it known.
      await world.w.knownAddress(world.user, { coin: 'eth', network: 'ethereum', address: to });
    });

    it('sends ETH and USDT from the hot wallet, records the hash, and confirms them', async () => {
      const eth = await hold({ coin: 'eth', amount: '65' });
      const tok = await hold({ coin: 'usdt', amount: '35' });
      expect([eth.status, tok.status]).toEqual(['prc', 'prc']);
      const cashBefore = await world.w.realCash(world.user);
      const sender = world.makeSender();
      await sender.tick();
      const sentEth = await world.withdrawal(eth.id);
      expect(sentEth?.status).toBe('snt');
      expect(sentEth?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      // 65 USD less the 5 USD fee at 3,000 USD per ETH: 0.02 ETH.
      expect(await world.chain.client.getBalance({ address: to })).toBe(parseEther('0.02'));
      expect(
        await world.chain.client.readContract({
          address: world.token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [to],
        }),
      ).toBe(usdt(30));
      await world.chain.test.mine({ blocks: CONFIRMATIONS });
      await sender.tick();
      expect((await world.withdrawal(eth.id))?.status).toBe('cnf');
      expect((await world.withdrawal(tok.id))?.status).toBe('cnf');
      expect(await world.w.realCash(world.user)).toBe(cashBefore);
    });

    it('returns the funds once when the hot wallet cannot cover it (werror)', async () => {
      const before = await world.w.realCash(world.user);
      const big = await hold({ coin: 'usdt', amount: '2000' });
      const sender = world.makeSender();
      await sender.tick();
      await sender.tick();
      expect(await world.withdrawal(big.id)).toMatchObject({ status: 'werror' });
      expect(await world.w.realCash(world.user)).toBe(before);
    });

    it('returns the funds once when the node refuses the transaction (rerr)', async () => {
      const before = await world.w.realCash(world.user);
      const one = await hold({ coin: 'eth', amount: '50' });
      await world
        .makeSender(async () => {
          throw new Error('replacement transaction underpriced');
        })
        .tick();
      expect(await world.withdrawal(one.id)).toMatchObject({ status: 'rerr' });
      await world.makeSender().tick();
      expect(await world.withdrawal(one.id)).toMatchObject({ status: 'rerr' });
      expect(await world.w.realCash(world.user)).toBe(before);
    });

    it('counts a transaction the node took despite an error as sent, not failed', async () => {
      const one = await hold({ coin: 'eth', amount: '50' });
      await world
        .makeSender(async (raw) => {
          await world.chain.client.sendRawTransaction({ serializedTransaction: raw });
          throw new Error('socket hang up');
        })
        .tick();
      expect((await world.withdrawal(one.id))?.status).toBe('snt');
    });

    it('sends a withdrawal signed before a crash once after the restart, the same transaction', async () => {
      // The process dies inside the broadcast: before the node has the transaction, or after.
      const crashes: Array<(raw: Hex) => Promise<Hex>> = [
        () => new Promise<Hex>(() => undefined),
        async (raw) => {
          await world.chain.client.sendRawTransaction({ serializedTransaction: raw });
          return new Promise<Hex>(() => undefined);
        },
      ];
      for (const crash of crashes) {
        const received = await world.chain.client.getBalance({ address: to });
        const one = await hold({ coin: 'eth', amount: '50' });
        expect(one.status).toBe('prc');
        const cash = await world.w.realCash(world.user);
        void world.makeSender(crash).tick();
        await vi.waitFor(async () => expect((await world.withdrawal(one.id))?.status).toBe('drp'), {
          timeout: 10_000,
        });
        const signed = (await world.withdrawal(one.id))?.txHash;
        expect(signed).toMatch(/^0x[0-9a-f]{64}$/);
        // After the restart: the stored transaction, not a second one.
        await world.makeSender().tick();
        expect(await world.withdrawal(one.id)).toMatchObject({ status: 'snt', txHash: signed });
        await world.makeSender().tick();
        // 50 USD less the 5 USD fee at 3,000 USD per ETH, received once.
        expect(await world.chain.client.getBalance({ address: to })).toBe(received + parseEther('0.015'));
        expect(await world.w.realCash(world.user)).toBe(cash);
      }
    });

    it('keeps a withdrawal another sender refunded as failed when its own broadcast returns late', async () => {
      const before = await world.w.realCash(world.user);
      const one = await hold({ coin: 'eth', amount: '50' });
      // A sender losing its turn claims it and hangs in the broadcast…
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const late = world
        .makeSender(async () => {
          await released;
          return `0x${'1'.repeat(64)}`;
        })
        .tick();
      await vi.waitFor(async () => expect((await world.withdrawal(one.id))?.status).toBe('drp'), {
        timeout: 10_000,
      });
      // …while the next one finds it signed, and the node refuses it: the funds go back.
      await world
        .makeSender(async () => {
          throw new Error('nonce too low');
        })
        .tick();
      expect(await world.withdrawal(one.id)).toMatchObject({ status: 'rerr' });
      release();
      await late;
      expect(await world.withdrawal(one.id)).toMatchObject({ status: 'rerr' });
      expect(await world.w.realCash(world.user)).toBe(before);
      expect(await world.desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    });

    it('returns the funds once when the transfer reverts on chain (flr)', async () => {
      const blocked = privateKeyToAccount(generatePrivateKey()).address;
      const { abi } = compileTestUsdt();
      const hash = await world.chain.deployer.writeContract({
        address: world.token,
        abi,
        functionName: 'addBlackList',
        args: [blocked],
      });
      await world.chain.client.waitForTransactionReceipt({ hash });
      await world.w.knownAddress(world.user, { coin: 'usdt', network: 'ethereum', address: blocked });
      const before = await world.w.realCash(world.user);
      const { confirmed, id } = await world.w.withdraw(world.user, {
        coin: 'usdt',
        network: 'ethereum',
        address: blocked,
        amount: '20',
      });
      expect(confirmed?.json().data.status).toBe('prc');
      const sender = world.makeSender();
      // Mined at once on the local chain: sent, then found reverted in the same pass.
      await sender.tick();
      expect(await world.withdrawal(id as string)).toMatchObject({ status: 'flr' });
      expect((await world.withdrawal(id as string))?.txHash).toMatch(/^0x/);
      await sender.tick();
      expect(await world.w.realCash(world.user)).toBe(before);
    });

    it('either sends a withdrawal or lets the user cancel it, never both, when they meet', async () => {
      const received = await world.chain.client.getBalance({ address: to });
      const before = await world.w.realCash(world.user);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await hold({ coin: 'eth', amount: '50' })).id);
      // At its first broadcast the sender has claimed the first withdrawal; the user cancels every
      // one then, racing the claims of the others.
      const cancels: Array<ReturnType<typeof world.desk.call>> = [];
      await world
        .makeSender(async (raw) => {
          if (cancels.length === 0)
            for (const id of ids)
              cancels.push(world.desk.call(world.user, 'POST', `/wallet/withdrawals/${id}/cancel`));
          return world.chain.client.sendRawTransaction({ serializedTransaction: raw });
        })
        .tick();
      const answers = await Promise.all(cancels);
      expect(answers).toHaveLength(ids.length);
      let sent = 0;
      for (const [index, id] of ids.entries()) {
        const row = await world.withdrawal(id);
        const [refunds] = await world.desk.rows<{ n: number }>(
          sql`select count(*)::int as n from ledger_transactions where kind = 'withdrawal_refund' and ref_id = ${id}`,
        );
        const refunded = refunds?.n;
        if (answers[index]?.statusCode === 200) {
          expect(row).toMatchObject({ status: 'cnc', txHash: null });
          expect(refunded).toBe(1);
        } else {
          expect(answers[index]?.statusCode).toBe(409);
          expect(row?.status).toBe('snt');
          expect(refunded).toBe(0);
          sent++;
        }
      }
      // The first was claimed before any cancel: it went, and only what went left the user.
      expect(answers[0]?.statusCode).toBe(409);
      expect(await world.chain.client.getBalance({ address: to })).toBe(
        received + BigInt(sent) * parseEther('0.015'),
      );
      expect(await world.w.realCash(world.user)).toBe(
        formatScaled(parseScaled(before, 2) - BigInt(sent) * 5_000n, 2),
      );
      expect(await world.desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
      await world.chain.test.mine({ blocks: CONFIRMATIONS });
      await world.makeSender().tick();
    });

    it('sends nothing for a suspended account: the withdrawal goes back to review, held, until it is active again', async () => {
      const admin = await world.w.anAdmin();
      const received = await world.chain.client.getBalance({ address: to });
      const cash = await world.w.realCash(world.user);
      const one = await hold({ coin: 'eth', amount: '50' });
      expect(one.status).toBe('prc');
      await world.w.setUserStatus(world.user, 'sus');
      try {
        await world.makeSender().tick();
        const [row] = (await world.desk.call(admin, 'GET', '/admin/withdrawals?status=suspicous&limit=100'))
          .json()
          .data.items.filter((item: { id: string }) => item.id === one.id);
        expect(row).toMatchObject({ status: 'suspicous', reason: 'Account suspended', txHash: null });
        // An administrator cannot send it on while the account is suspended; rejecting stays possible.
        const approved = await world.desk.call(admin, 'POST', `/admin/withdrawals/${one.id}/approve`);
        expect(approved.statusCode).toBe(409);
        expect(approved.json().message).toMatch(/suspended/);
        await world.makeSender().tick();
        expect(await world.chain.client.getBalance({ address: to })).toBe(received);
      } finally {
        await world.w.setUserStatus(world.user, 'act');
      }
      // The funds stayed held meanwhile; once active again, approved, it is sent.
      expect(await world.w.realCash(world.user)).toBe(formatScaled(parseScaled(cash, 2) - 5_000n, 2));
      const approved = await world.desk.call(admin, 'POST', `/admin/withdrawals/${one.id}/approve`);
      expect(approved.json().data.status).toBe('prc');
      await world.makeSender().tick();
      expect((await world.withdrawal(one.id))?.status).toBe('snt');
      expect(await world.chain.client.getBalance({ address: to })).toBe(received + parseEther('0.015'));
    });

    it('lets the user cancel before sending, and then nothing is sent', async () => {
      const before = await world.w.realCash(world.user);
      const one = await hold({ coin: 'eth', amount: '50' });
      const cancelled = await world.desk.call(world.user, 'POST', `/wallet/withdrawals/${one.id}/cancel`);
      expect(cancelled.json().data.status).toBe('cnc');
      await world.makeSender().tick();
      expect((await world.withdrawal(one.id))?.txHash).toBeNull();
      expect(await world.w.realCash(world.user)).toBe(before);
      const [refunds] = await world.desk.rows<{ n: number }>(
        sql`select count(*)::int as n from ledger_transactions where kind = 'withdrawal_refund'`,
      );
      expect(refunds?.n).toBeGreaterThan(0);
      expect(await world.desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    });
  });
});
