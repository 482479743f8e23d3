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
 * A market order (or a limit that fills at once) opens: margin and fee leave the cash, the margin
 * is held, the fee goes to the house. A waiting limit order reserves both instead (the fee is
 * charged when it fills). Without `refId`: the order's id is set where it is written.
 */
export const placement = (order: Placed, opensNow: boolean): Omit<Movement, 'refId'> => ({
  kind: opensNow ? 'open' : 'reserve',
  refType: 'order',
  insufficientMessage: 'Not enough free margin',
  postings: opensNow
    ? [
        { account: cash(order.userId, order.book), amountCents: -(order.marginCents + order.feeCents) },
        { account: margin(order.userId, order.book), amountCents: order.marginCents },
        { account: house('fees'), amountCents: order.feeCents },
      ]
    : [
        { account: cash(order.userId, order.book), amountCents: -(order.marginCents + order.feeCents) },
        { account: margin(order.userId, order.book), amountCents: order.marginCents + order.feeCents },
      ],
});

/** A waiting limit order fills: its reserved fee goes to the house. */
export const fillFee = (orderId: string, order: Omit<Placed, 'marginCents'>): Movement => ({
  kind: 'fee',
  refType: 'order',
  refId: orderId,
  postings: [
    { account: margin(order.userId, order.book), amountCents: -order.feeCents },
    { account: house('fees'), amountCents: order.feeCents },
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
 * profit, never below zero) reaches the cash, and the house takes the difference.
 */
export const settlement = (
  closedOrderId: string,
  owner: { userId: string; book: TBook },
  marginCents: bigint,
  payoutCents: bigint,
): Movement => ({
  kind: 'close',
  refType: 'order',
  refId: closedOrderId,
  postings: [
    { account: margin(owner.userId, owner.book), amountCents: -marginCents },
    { account: cash(owner.userId, owner.book), amountCents: payoutCents },
    { account: house('trading'), amountCents: marginCents - payoutCents },
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
