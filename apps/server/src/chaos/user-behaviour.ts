/**
 * What a simulated user does through the run: orders of every kind, closes, margin, cancels and
 * alerts, and for users on the chain, deposits and withdrawals; each acknowledged order tallied.
 */
import { ORDER_CODE } from '@td/contracts/statuses';
import { type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Rng } from '../modules/market/rng';
import { codeIn, type TestMailbox } from '../testing/test-mailbox';
import type { PriceWatch } from './price-watch';
import { asUser, mailsTo, nextMail, type OrderView, type SimulatedUser } from './simulated-users';
import type { BalancedApi, Tally } from './traffic';

/** Crypto pairs trade around the clock, so the run does not depend on the day or hour. */
const SYMBOLS = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'BNB_USDT', 'XRP_USDT'] as const;

type OrderAnswer = { data: OrderView & { price: string | null } };

/**
 * One user's behaviour, until `running()` turns false: market and limit orders with exits near the
 * price (so triggers fire), closes, partial closes, added margin, cancels, price alerts, and for
 * on-chain users deposits and withdrawals. Every acknowledged order goes into the tally.
 */
export async function actAsUser(input: {
  user: SimulatedUser;
  api: BalancedApi;
  rng: Rng;
  tally: Tally;
  prices: PriceWatch;
  mailbox: TestMailbox;
  /** Sends on-chain users' deposits; without it they do not deposit. */
  /** Sends deposits on the node, one at a time (`createDepositor`). */
  depositor?: { send(to: Hex, wei: bigint): Promise<void> } | undefined;
  running: () => boolean;
  errors: string[];
}) {
  const { user, rng, tally, prices } = input;
  const api = asUser(input.api, user);
  let serial = 0;
  const pick = <T>(items: readonly T[]): T => items[rng.int(items.length)] as T;
  const remember = (order: OrderView | undefined) => {
    if (!order?.id) return;
    if (order.status === ORDER_CODE.active || order.status === ORDER_CODE.pending)
      user.open.set(order.id, order);
    else user.open.delete(order.id);
  };
  const refreshOpen = async () => {
    const answer = await api<{ data: { items: OrderView[] } }>(
      '/orders?account=demo&status=act,pnd&limit=100',
      {
        token: user.token,
      },
    );
    if (answer?.status !== 200) return;
    user.open.clear();
    for (const order of answer.body.data.items) remember(order);
  };
  const someOpen = (status: string) => {
    const candidates = [...user.open.values()].filter((order) => order.status === status);
    return candidates.length > 0 ? pick(candidates) : undefined;
  };

  const place = async (type: 'market' | 'limit') => {
    const symbol = pick(SYMBOLS);
    const price = prices.priceOf(symbol);
    if (!price) return;
    const side = rng.next() < 0.5 ? 'buy' : 'sell';
    const away = 0.0005 + rng.next() * 0.001;
    const at = (factor: number) => prices.near(symbol, factor);
    const limitAt = side === 'buy' ? at(1 - 0.0002) : at(1 + 0.0002);
    const exits =
      side === 'buy'
        ? { takeProfit: at(1 + away), stopLoss: at(1 - away) }
        : { takeProfit: at(1 - away), stopLoss: at(1 + away) };
    serial += 1;
    const body = {
      account: 'demo',
      symbol,
      side,
      type,
      amount: String(50 + rng.int(450)),
      leverage: 10,
      clientOrderId: `${user.ip}-${serial}`,
      ...(type === 'limit' ? { price: limitAt } : {}),
      ...(rng.next() < 0.8 ? exits : {}),
    };
    const answer = await api<OrderAnswer>('/orders', { method: 'POST', token: user.token, body });
    if (answer && (answer.status === 201 || answer.status === 200) && answer.body?.data?.id) {
      tally.acknowledgedOrderIds.add(answer.body.data.id);
      remember(answer.body.data);
    }
  };

  // Stop and stop-limit orders a little past the market (they fire as it wanders), trailing
  // stops, and waiting orders that expire: each through the same acknowledgement tally.
  const placeConditional = async () => {
    const symbol = pick(SYMBOLS);
    const price = prices.priceOf(symbol);
    if (!price) return;
    const side = rng.next() < 0.5 ? 'buy' : 'sell';
    const at = (factor: number) => prices.near(symbol, factor);
    const away = 0.0005 + rng.next() * 0.001;
    const kind = pick(['stop', 'stop_limit', 'trailing', 'expiring'] as const);
    serial += 1;
    const common = {
      account: 'demo',
      symbol,
      side,
      amount: String(50 + rng.int(450)),
      leverage: 10,
      clientOrderId: `${user.ip}-${serial}`,
    };
    const beyond = side === 'buy' ? at(1 + away) : at(1 - away);
    const trailing = { trailingStop: prices.near(symbol, away) };
    const body =
      kind === 'stop'
        ? { ...common, type: 'stop', stopPrice: beyond, ...(rng.next() < 0.5 ? trailing : {}) }
        : kind === 'stop_limit'
          ? {
              ...common,
              type: 'stop_limit',
              stopPrice: beyond,
              price: side === 'buy' ? at(1 + 2 * away) : at(1 - 2 * away),
            }
          : kind === 'trailing'
            ? { ...common, type: 'market', ...trailing }
            : {
                ...common,
                type: 'limit',
                price: side === 'buy' ? at(1 - away) : at(1 + away),
                timeInForce: 'gtd',
                // Just past the shortest end allowed: some expire within a short run.
                expiresAt: new Date(Date.now() + 61_000 + rng.int(60_000)).toISOString(),
              };
    const answer = await api<OrderAnswer>('/orders', { method: 'POST', token: user.token, body });
    if (answer && (answer.status === 201 || answer.status === 200) && answer.body?.data?.id) {
      tally.acknowledgedOrderIds.add(answer.body.data.id);
      remember(answer.body.data);
    }
  };

  const withdraw = async () => {
    // A part of what the deposits credited, once they have been.
    const real = await api<{ data: { freeMargin: string } }>('/portfolio?account=real', {
      token: user.token,
    });
    const free = Math.floor(Number(real?.body?.data?.freeMargin ?? 0));
    if (free < 30) return;
    const quote = await api<{ data: { id: string } }>('/wallet/withdrawals', {
      method: 'POST',
      token: user.token,
      body: {
        coin: 'eth',
        network: 'ethereum',
        address: privateKeyToAccount(generatePrivateKey()).address,
        amount: String(20 + rng.int(Math.min(free, 100) - 19)),
      },
    });
    if (quote?.status !== 201) return;
    const subject = /confirm your withdrawal/i;
    const seen = mailsTo(input.mailbox, user.email, subject);
    const requested = await api(`/wallet/withdrawals/${quote.body.data.id}/request-code`, {
      method: 'POST',
      token: user.token,
    });
    if (requested?.status !== 200) return;
    const mail = await nextMail(input.mailbox, user.email, subject, seen).catch(() => undefined);
    if (!mail) return;
    await api(`/wallet/withdrawals/${quote.body.data.id}/confirm`, {
      method: 'POST',
      token: user.token,
      body: { emailCode: codeIn(mail) },
    });
  };

  const actions: Array<[number, () => Promise<unknown>]> = [
    [30, () => place('market')],
    [15, () => place('limit')],
    [10, placeConditional],
    [
      14,
      async () => {
        const order = someOpen('act');
        if (!order) return;
        const answer = await api<OrderAnswer>(`/orders/${order.id}/close`, {
          method: 'POST',
          token: user.token,
        });
        if (answer?.status === 200) remember(answer.body.data);
      },
    ],
    [
      9,
      async () => {
        const order = someOpen('act');
        if (!order || Number(order.amount) < 20) return;
        const half = (Math.floor(Number(order.amount) * 50) / 100).toFixed(2);
        const answer = await api<OrderAnswer>(`/orders/${order.id}/partial-close`, {
          method: 'POST',
          token: user.token,
          body: { amount: half },
        });
        if (answer?.status === 200) remember(answer.body.data);
      },
    ],
    [
      8,
      async () => {
        const order = someOpen('act');
        if (order)
          await api(`/orders/${order.id}/margin`, {
            method: 'POST',
            token: user.token,
            body: { amount: '5' },
          });
      },
    ],
    [
      7,
      async () => {
        const order = someOpen(ORDER_CODE.pending);
        if (!order) return;
        const answer = await api<OrderAnswer>(`/orders/${order.id}`, { method: 'DELETE', token: user.token });
        if (answer?.status === 200) remember(answer.body.data);
      },
    ],
    [
      5,
      async () => {
        const symbol = pick(SYMBOLS);
        if (!prices.priceOf(symbol)) return;
        const up = rng.next() < 0.5;
        await api('/alerts', {
          method: 'POST',
          token: user.token,
          body: {
            symbol,
            [up ? 'above' : 'below']: prices.near(symbol, up ? 1.0004 : 0.9996),
          },
        });
      },
    ],
    [
      user.onChain ? 6 : 0,
      async () => {
        if (!user.depositAddress || !input.depositor) return;
        await input.depositor.send(user.depositAddress, parseEther((0.01 + rng.int(10) / 100).toFixed(2)));
      },
    ],
    [user.onChain ? 6 : 0, withdraw],
    [6, refreshOpen],
  ];
  const total = actions.reduce((sum, [weight]) => sum + weight, 0);

  while (input.running()) {
    await new Promise((r) => setTimeout(r, 1_000 + rng.int(2_000)));
    const roll = rng.int(total);
    let below = 0;
    const action = actions.find(([weight]) => {
      below += weight;
      return roll < below;
    });
    try {
      await action?.[1]();
    } catch (error) {
      input.errors.push(`${user.email}: ${(error as Error).message}`);
    }
  }
}
