import { ORDER_CODE } from '@td/contracts/statuses';
import { type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Rng } from '../modules/market/rng';
import { GOOD_PASSWORD, uniqueEmail } from '../testing/accounts';
import { ADULT_DETAILS, idCardSubmission } from '../testing/kyc';
import { codeIn, type ReceivedMail, type TestMailbox } from '../testing/test-mailbox';
import type { Member } from './cluster';
import type { BalancedApi, Tally } from './traffic';

/** Crypto pairs trade around the clock, so the run does not depend on the day or hour. */
const SYMBOLS = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'BNB_USDT', 'XRP_USDT'] as const;
const MAIL_WAIT_MS = 30_000;
/**
 * Addresses are drawn afresh in each run: rate limits (signups per address per hour) live in
 * Redis, which outlives a run, and must not carry one run's count into the next.
 */
const RUN_NETWORK = 1 + Math.floor(Math.random() * 250);
/** Where the administrator works from: apart from every user's address. */
export const ADMIN_IP = `10.${RUN_NETWORK}.255.2`;

interface OrderView {
  id: string;
  status: string;
  amount: string;
  side: 'buy' | 'sell';
}

export interface SimulatedUser {
  email: string;
  /** Where the user connects from (each user its own address, as behind a real proxy). */
  ip: string;
  token: string;
  /** Sends deposits to its address on the node, and withdraws (verified identity). */
  onChain: boolean;
  depositAddress?: Hex;
  open: Map<string, OrderView>;
}

/** Prices the users aim their limits, exits and alerts at, refreshed from `/public/prices`. */
export function createPriceWatch(api: BalancedApi) {
  const prices = new Map<string, number>();
  /** Each pair's decimals, as its quotes are written: a price sent back has no more. */
  const decimals = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  const refresh = async () => {
    const answer = await api<{ data: Record<string, { price: string }> }>('/public/prices', { retry: false });
    for (const [key, quote] of Object.entries(answer?.body?.data ?? {})) {
      prices.set(key, Number(quote.price));
      decimals.set(key, quote.price.split('.')[1]?.length ?? 0);
    }
  };
  return {
    prices,
    priceOf: (symbol: string) => prices.get(`CRP:${symbol}`),
    /** `price × factor` written with the pair's decimals. */
    near: (symbol: string, factor: number) =>
      ((prices.get(`CRP:${symbol}`) ?? 0) * factor).toFixed(decimals.get(`CRP:${symbol}`) ?? 2),
    async start() {
      await refresh();
      timer = setInterval(() => void refresh(), 1_000);
    },
    stop: () => clearInterval(timer),
  };
}
export type PriceWatch = ReturnType<typeof createPriceWatch>;

/** The mail to `to` matching `subject` that arrives after `seen` such mails had arrived. */
async function nextMail(
  mailbox: TestMailbox,
  to: string,
  subject: RegExp,
  seen: number,
): Promise<ReceivedMail> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const matching = mailbox.mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
    if (matching.length > seen) return matching[matching.length - 1] as ReceivedMail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const mailsTo = (mailbox: TestMailbox, to: string, subject: RegExp) =>
  mailbox.mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).length;

/** A person name has letters only: 0 → "Aa", 27 → "Bb". */
const lettersOf = (index: number) =>
  `${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(97 + (index % 26))}`;

/** Signs up and verifies `count` users; the first `onChain` of them also verify their identity. */
export async function createUsers(input: {
  api: BalancedApi;
  apiMember: Member;
  mailbox: TestMailbox;
  adminToken: string;
  count: number;
  onChain: number;
}): Promise<SimulatedUser[]> {
  const { api, mailbox } = input;
  const users: SimulatedUser[] = [];
  const one = async (index: number) => {
    const email = uniqueEmail(`chaos${index}`);
    const ip = `10.${RUN_NETWORK}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    const signup = await api<{ data: { token: string } }>('/auth/signup', {
      method: 'POST',
      body: { email, password: GOOD_PASSWORD, firstName: 'Chaos', lastName: lettersOf(index) },
      ip,
    });
    if (signup?.status !== 201) throw new Error(`signup of ${email}: ${signup?.status}`);
    const mail = await nextMail(mailbox, email, /verify/i, 0);
    const verified = await api<{ data: { token: string } }>('/auth/verify-email', {
      method: 'POST',
      token: signup.body.data.token,
      body: { code: codeIn(mail) },
      ip,
    });
    if (verified?.status !== 200) throw new Error(`verification of ${email}: ${verified?.status}`);
    const user: SimulatedUser = {
      email,
      ip,
      token: verified.body.data.token,
      onChain: index < input.onChain,
      open: new Map(),
    };
    if (user.onChain) {
      await verifyIdentity(input.apiMember, asUser(api, user), user.token, input.adminToken);
      const address = await api<{ data: { address: Hex } }>('/wallet/address', {
        method: 'POST',
        token: user.token,
        body: { coin: 'eth', network: 'ethereum' },
      });
      if (address?.status !== 200 && address?.status !== 201) throw new Error(`address: ${address?.status}`);
      user.depositAddress = address.body.data.address;
    }
    users.push(user);
  };
  const queue = Array.from({ length: input.count }, (_, i) => i);
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await one(next);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return users;
}

async function verifyIdentity(
  member: Member,
  api: ReturnType<typeof asUser>,
  token: string,
  adminToken: string,
) {
  const details = await api('/kyc/details', { method: 'PUT', token, body: ADULT_DETAILS });
  if (details?.status !== 200) throw new Error(`kyc details: ${details?.status}`);
  const form = await idCardSubmission();
  const sent = await fetch(`${member.url}/kyc`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${token}`, 'x-forwarded-for': '10.99.0.1' },
    body: new Uint8Array(form.payload),
  });
  if (!sent.ok) throw new Error(`kyc documents: ${sent.status}`);
  const me = await api<{ data: { id: string } }>('/profile', { token });
  const queue = await api<{ data: { items: Array<{ id: string; userId: string }> } }>(
    '/admin/kyc?status=pending&limit=100',
    { token: adminToken },
  );
  const mine = queue?.body.data.items.find((item) => item.userId === me?.body.data.id);
  if (!mine) throw new Error('the identity submission is not in the review queue');
  const approved = await api(`/admin/kyc/${mine.id}/approve`, { method: 'POST', token: adminToken });
  if (approved?.status !== 200) throw new Error(`kyc approval: ${approved?.status}`);
}

/** The API as this user calls it: from the user's own address. */
export const asUser =
  (api: BalancedApi, user: Pick<SimulatedUser, 'ip'>) =>
  <T = { data: unknown }>(path: string, init: Parameters<BalancedApi>[1] = {}) =>
    api<T>(path, { ...init, ip: user.ip });

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
