import { cash, house, type Movement, margin, type TBook } from '../ledger/ledger';

/**
 * The money movements of trading, by name: what each order operation posts to the ledger. The
 * house is the counterparty of every position: it keeps the fees, pays profits and keeps losses.
 */

/** Practice money between the house and a user's demo cash (`cents` may be negative: a trim). */
const demoMoney = (kind: string, refType: string, userId: string, cents: bigint): Movement => ({
  kind,
  refType,
  refId: userId,
  postings: [
    { account: cash(userId, 'demo'), amountCents: cents },
    { account: house('demo'), amountCents: -cents },
  ],
});

/** The demo book's practice money, granted once per user. */
export const demoGrant = (userId: string, cents: bigint) => demoMoney('demo_grant', 'demo', userId, cents);

/** A demo reset tops the cash up (or trims it) to the start balance. */
export const demoTopUp = (userId: string, cents: bigint) =>
  demoMoney('demo_reset', 'demo_reset', userId, cents);

interface Placed {
  userId: string;
  book: TBook;
  marginCents: bigint;
  feeCents: bigint;
}

/**
 * What a client group's spread markup earned the house on a fill (`spreadCents`): the trading
 * account, which books the clients' results, gave it up to the spread account. The house's total
 * is the same; the split says where it came from. No posting when there is no markup.
 */
const spreadIncome = (spreadCents: bigint) => [
  { account: house('trading'), amountCents: -spreadCents },
  { account: house('spread'), amountCents: spreadCents },
];

/**
 * A market order (or a limit that fills at once) opens: margin and fee leave the cash, the margin
 * is held, the fee goes to the house, and the spread markup of the price it opened at is the
 * house's spread income. A waiting limit order reserves margin and fee instead (the fee is
 * charged when it fills). Without `refId`: the order's id is set where it is written.
 */
export const placement = (order: Placed, opensNow: boolean, spreadCents = 0n): Omit<Movement, 'refId'> => ({
  kind: opensNow ? 'open' : 'reserve',
  refType: 'order',
  insufficientMessage: 'Not enough free margin',
  postings: opensNow
    ? [
        { account: cash(order.userId, order.book), amountCents: -(order.marginCents + order.feeCents) },
        { account: margin(order.userId, order.book), amountCents: order.marginCents },
        { account: house('fees'), amountCents: order.feeCents },
        ...spreadIncome(spreadCents),
      ]
    : [
        { account: cash(order.userId, order.book), amountCents: -(order.marginCents + order.feeCents) },
        { account: margin(order.userId, order.book), amountCents: order.marginCents + order.feeCents },
      ],
});

/** A waiting order fills: its reserved fee goes to the house, and its price's markup is spread income. */
export const fillFee = (orderId: string, order: Omit<Placed, 'marginCents'>, spreadCents = 0n): Movement => ({
  kind: 'fee',
  refType: 'order',
  refId: orderId,
  postings: [
    { account: margin(order.userId, order.book), amountCents: -order.feeCents },
    { account: house('fees'), amountCents: order.feeCents },
    ...spreadIncome(spreadCents),
  ],
});

/** A cancelled limit order gives back what it reserved, margin and fee. */
export const release = (orderId: string, order: Placed): Movement => ({
  kind: 'release',
  refType: 'order',
  refId: orderId,
  postings: [
    { account: margin(order.userId, order.book), amountCents: -(order.marginCents + order.feeCents) },
    { account: cash(order.userId, order.book), amountCents: order.marginCents + order.feeCents },
  ],
});

/**
 * A position (or the part of it) closes: its margin leaves the held money, the payout (margin plus
 * profit and swaps; in `cross` a loss beyond the margin is taken from the cash, so it may be
 * negative) reaches the cash, and the house takes the difference. The swaps it accumulated
 * (`swapCents`, negative when charged to the holder) are the house's swap account's. A loss beyond
 * what the account holds is the house's (`writeOffCents`): its trading account books the whole
 * loss, its write-off account what no balance paid. A close at a client group's price moves the
 * markup's worth from the trading account to the spread account (`spreadCents`).
 */
export const settlement = (
  closedOrderId: string,
  owner: { userId: string; book: TBook },
  marginCents: bigint,
  payoutCents: bigint,
  {
    swapCents = 0n,
    writeOffCents = 0n,
    spreadCents = 0n,
  }: { swapCents?: bigint; writeOffCents?: bigint; spreadCents?: bigint } = {},
): Movement => ({
  kind: 'close',
  refType: 'order',
  refId: closedOrderId,
  postings: [
    { account: margin(owner.userId, owner.book), amountCents: -marginCents },
    { account: cash(owner.userId, owner.book), amountCents: payoutCents },
    { account: house('trading'), amountCents: marginCents - payoutCents + swapCents + writeOffCents },
    // Financing: overnight swaps.
    { account: house('swaps'), amountCents: -swapCents },
    { account: house('write_offs'), amountCents: -writeOffCents },
    // The spread markup of the price it closed at.
    ...spreadIncome(spreadCents),
  ],
});

/** Cash moved into a position's margin, lowering its liquidation risk. */
export const addedMargin = (
  orderId: string,
  owner: { userId: string; book: TBook },
  cents: bigint,
): Movement => ({
  kind: 'add_margin',
  refType: 'order',
  refId: orderId,
  insufficientMessage: 'Not enough free balance',
  postings: [
    { account: cash(owner.userId, owner.book), amountCents: -cents },
    { account: margin(owner.userId, owner.book), amountCents: cents },
  ],
});
