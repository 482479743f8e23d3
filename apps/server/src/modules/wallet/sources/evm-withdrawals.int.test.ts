import { formatScaled, parseScaled } from '@td/contracts/decimal';
import { sql } from 'drizzle-orm';
import { erc20Abi, type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EVM_CONFIRMATIONS as CONFIRMATIONS,
  type EvmWorld,
  startEvmWorld,
  usdt,
} from '../../../testing/evm-world';
import { compileTestUsdt } from '../../../testing/local-chain';
import { AUTH_LIMITS } from '../../auth/auth-rules';

describe('EVM withdrawals on a local chain', () => {
  let chain: EvmWorld['chain'];
  let desk: EvmWorld['desk'];
  let w: EvmWorld['w'];
  let token: EvmWorld['token'];
  let user: EvmWorld['user'];
  let makeSender: EvmWorld['makeSender'];
  let withdrawal: EvmWorld['withdrawal'];
  let world: EvmWorld | undefined;

  beforeAll(async () => {
    world = await startEvmWorld();
    ({ chain, desk, w, token, user, makeSender } = world);
    ({ withdrawal } = world);
  }, 120_000);

  afterAll(async () => {
    await world?.close();
  });

  describe('withdrawals', () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const hold = async (body: { coin: string; amount: string; address?: string }) => {
      const { confirmed, id } = await w.withdraw(user, { network: 'ethereum', address: to, ...body });
      expect(confirmed?.statusCode, confirmed?.body).toBe(200);
      return { id: id as string, status: confirmed?.json().data.status as string };
    };

    // Each test asks for and checks several withdrawal codes: each starts fresh windows of their limits.
    beforeEach(async () => {
      await desk.t.deps.limiter.reset(AUTH_LIMITS.actionCodePerAccount, `withdrawal:${user.id}`);
      await desk.t.deps.limiter.reset(AUTH_LIMITS.actionCheckPerAccount, user.id);
    });

    beforeAll(async () => {
      await w.fund(user, '3000');
      // A first withdrawal sent to the address two days ago makes it known.
      await w.knownAddress(user, { coin: 'eth', network: 'ethereum', address: to });
    });

    it('sends ETH and USDT from the hot wallet, records the hash, and confirms them', async () => {
      const eth = await hold({ coin: 'eth', amount: '65' });
      const tok = await hold({ coin: 'usdt', amount: '35' });
      expect([eth.status, tok.status]).toEqual(['prc', 'prc']);
      const cashBefore = await w.realCash(user);
      const sender = makeSender();
      await sender.tick();
      const sentEth = await withdrawal(eth.id);
      expect(sentEth?.status).toBe('snt');
      expect(sentEth?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      // 65 USD less the 5 USD fee at 3,000 USD per ETH: 0.02 ETH.
      expect(await chain.client.getBalance({ address: to })).toBe(parseEther('0.02'));
      expect(
        await chain.client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [to],
        }),
      ).toBe(usdt(30));
      await chain.test.mine({ blocks: CONFIRMATIONS });
      await sender.tick();
      expect((await withdrawal(eth.id))?.status).toBe('cnf');
      expect((await withdrawal(tok.id))?.status).toBe('cnf');
      expect(await w.realCash(user)).toBe(cashBefore);
    });

    it('returns the funds once when the hot wallet cannot cover it (werror)', async () => {
      const before = await w.realCash(user);
      const big = await hold({ coin: 'usdt', amount: '2000' });
      const sender = makeSender();
      await sender.tick();
      await sender.tick();
      expect(await withdrawal(big.id)).toMatchObject({ status: 'werror' });
      expect(await w.realCash(user)).toBe(before);
    });

    it('returns the funds once when the node refuses the transaction (rerr)', async () => {
      const before = await w.realCash(user);
      const one = await hold({ coin: 'eth', amount: '50' });
      await makeSender(async () => {
        throw new Error('replacement transaction underpriced');
      }).tick();
      expect(await withdrawal(one.id)).toMatchObject({ status: 'rerr' });
      await makeSender().tick();
      expect(await withdrawal(one.id)).toMatchObject({ status: 'rerr' });
      expect(await w.realCash(user)).toBe(before);
    });

    it('counts a transaction the node took despite an error as sent, not failed', async () => {
      const one = await hold({ coin: 'eth', amount: '50' });
      await makeSender(async (raw) => {
        await chain.client.sendRawTransaction({ serializedTransaction: raw });
        throw new Error('socket hang up');
      }).tick();
      expect((await withdrawal(one.id))?.status).toBe('snt');
    });

    it('sends a withdrawal signed before a crash once after the restart, the same transaction', async () => {
      // The process dies inside the broadcast: before the node has the transaction, or after.
      const crashes: Array<(raw: Hex) => Promise<Hex>> = [
        () => new Promise<Hex>(() => undefined),
        async (raw) => {
          await chain.client.sendRawTransaction({ serializedTransaction: raw });
          return new Promise<Hex>(() => undefined);
        },
      ];
      for (const crash of crashes) {
        const received = await chain.client.getBalance({ address: to });
        const one = await hold({ coin: 'eth', amount: '50' });
        expect(one.status).toBe('prc');
        const cash = await w.realCash(user);
        void makeSender(crash).tick();
        await vi.waitFor(async () => expect((await withdrawal(one.id))?.status).toBe('drp'), {
          timeout: 10_000,
        });
        const signed = (await withdrawal(one.id))?.txHash;
        expect(signed).toMatch(/^0x[0-9a-f]{64}$/);
        // After the restart: the stored transaction, not a second one.
        await makeSender().tick();
        expect(await withdrawal(one.id)).toMatchObject({ status: 'snt', txHash: signed });
        await makeSender().tick();
        // 50 USD less the 5 USD fee at 3,000 USD per ETH, received once.
        expect(await chain.client.getBalance({ address: to })).toBe(received + parseEther('0.015'));
        expect(await w.realCash(user)).toBe(cash);
      }
    });

    it('keeps a withdrawal another sender refunded as failed when its own broadcast returns late', async () => {
      const before = await w.realCash(user);
      const one = await hold({ coin: 'eth', amount: '50' });
      // A sender losing its turn claims it and hangs in the broadcast…
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const late = makeSender(async () => {
        await released;
        return `0x${'1'.repeat(64)}`;
      }).tick();
      await vi.waitFor(async () => expect((await withdrawal(one.id))?.status).toBe('drp'), {
        timeout: 10_000,
      });
      // …while the next one finds it signed, and the node refuses it: the funds go back.
      await makeSender(async () => {
        throw new Error('nonce too low');
      }).tick();
      expect(await withdrawal(one.id)).toMatchObject({ status: 'rerr' });
      release();
      await late;
      expect(await withdrawal(one.id)).toMatchObject({ status: 'rerr' });
      expect(await w.realCash(user)).toBe(before);
      expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    });

    it('returns the funds once when the transfer reverts on chain (flr)', async () => {
      const blocked = privateKeyToAccount(generatePrivateKey()).address;
      const { abi } = compileTestUsdt();
      const hash = await chain.deployer.writeContract({
        address: token,
        abi,
        functionName: 'addBlackList',
        args: [blocked],
      });
      await chain.client.waitForTransactionReceipt({ hash });
      await w.knownAddress(user, { coin: 'usdt', network: 'ethereum', address: blocked });
      const before = await w.realCash(user);
      const { confirmed, id } = await w.withdraw(user, {
        coin: 'usdt',
        network: 'ethereum',
        address: blocked,
        amount: '20',
      });
      expect(confirmed?.json().data.status).toBe('prc');
      const sender = makeSender();
      // Mined at once on the local chain: sent, then found reverted in the same pass.
      await sender.tick();
      expect(await withdrawal(id as string)).toMatchObject({ status: 'flr' });
      expect((await withdrawal(id as string))?.txHash).toMatch(/^0x/);
      await sender.tick();
      expect(await w.realCash(user)).toBe(before);
    });

    it('either sends a withdrawal or lets the user cancel it, never both, when they meet', async () => {
      const received = await chain.client.getBalance({ address: to });
      const before = await w.realCash(user);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await hold({ coin: 'eth', amount: '50' })).id);
      // At its first broadcast the sender has claimed the first withdrawal; the user cancels every
      // one then, racing the claims of the others.
      const cancels: Array<ReturnType<typeof desk.call>> = [];
      await makeSender(async (raw) => {
        if (cancels.length === 0)
          for (const id of ids) cancels.push(desk.call(user, 'POST', `/wallet/withdrawals/${id}/cancel`));
        return chain.client.sendRawTransaction({ serializedTransaction: raw });
      }).tick();
      const answers = await Promise.all(cancels);
      expect(answers).toHaveLength(ids.length);
      let sent = 0;
      for (const [index, id] of ids.entries()) {
        const row = await withdrawal(id);
        const [refunds] = await desk.rows<{ n: number }>(
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
      expect(await chain.client.getBalance({ address: to })).toBe(
        received + BigInt(sent) * parseEther('0.015'),
      );
      expect(await w.realCash(user)).toBe(formatScaled(parseScaled(before, 2) - BigInt(sent) * 5_000n, 2));
      expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
      await chain.test.mine({ blocks: CONFIRMATIONS });
      await makeSender().tick();
    });

    it('sends nothing for a suspended account: the withdrawal goes back to review, held, until it is active again', async () => {
      const admin = await w.anAdmin();
      const received = await chain.client.getBalance({ address: to });
      const cash = await w.realCash(user);
      const one = await hold({ coin: 'eth', amount: '50' });
      expect(one.status).toBe('prc');
      await w.setUserStatus(user, 'sus');
      try {
        await makeSender().tick();
        const [row] = (await desk.call(admin, 'GET', '/admin/withdrawals?status=suspicous&limit=100'))
          .json()
          .data.items.filter((item: { id: string }) => item.id === one.id);
        expect(row).toMatchObject({ status: 'suspicous', reason: 'Account suspended', txHash: null });
        // An administrator cannot send it on while the account is suspended; rejecting stays possible.
        const approved = await desk.call(admin, 'POST', `/admin/withdrawals/${one.id}/approve`);
        expect(approved.statusCode).toBe(409);
        expect(approved.json().message).toMatch(/suspended/);
        await makeSender().tick();
        expect(await chain.client.getBalance({ address: to })).toBe(received);
      } finally {
        await w.setUserStatus(user, 'act');
      }
      // The funds stayed held meanwhile; once active again, approved, it is sent.
      expect(await w.realCash(user)).toBe(formatScaled(parseScaled(cash, 2) - 5_000n, 2));
      const approved = await desk.call(admin, 'POST', `/admin/withdrawals/${one.id}/approve`);
      expect(approved.json().data.status).toBe('prc');
      await makeSender().tick();
      expect((await withdrawal(one.id))?.status).toBe('snt');
      expect(await chain.client.getBalance({ address: to })).toBe(received + parseEther('0.015'));
    });

    it('lets the user cancel before sending, and then nothing is sent', async () => {
      const before = await w.realCash(user);
      const one = await hold({ coin: 'eth', amount: '50' });
      const cancelled = await desk.call(user, 'POST', `/wallet/withdrawals/${one.id}/cancel`);
      expect(cancelled.json().data.status).toBe('cnc');
      await makeSender().tick();
      expect((await withdrawal(one.id))?.txHash).toBeNull();
      expect(await w.realCash(user)).toBe(before);
      const [refunds] = await desk.rows<{ n: number }>(
        sql`select count(*)::int as n from ledger_transactions where kind = 'withdrawal_refund'`,
      );
      expect(refunds?.n).toBeGreaterThan(0);
      expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
    });
  });
});
