import { markupIncome } from '@td/contracts/group-terms';
import { ORDER_CODE } from '@td/contracts/statuses';
import { orderReasonText } from '@td/contracts/trading';
import { exitFiresAt, limitFills, partPnl, type TExit } from '@td/contracts/trading-math';
import type { Database } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { cash, lockBalance, post, type TBook, type Tx } from '../ledger/ledger';
import type { ExposureAtFill, ExposureRefusal } from '../risk/exposure-limit';
import { closeOutcome, liquidationFor, riskOf } from './account-risk';
import { checkPart } from './order-inputs';
import type { OrderRow, OrdersRepository } from './orders.repository';
import { swapShare } from './rollover';
import { createStopSettlement, trailFrom } from './stop-orders';
import type { AnnounceOrder } from './trading-channels';
import { fillFee, release, settlement } from './trading-ledger';

/** Runs inside the transaction that charges an opening fee (the referral commission). */
export type OnFeeCharged = (
  tx: Tx,
  charge: { userId: string; book: TBook; orderId: string; feeCents: bigint },
) => Promise<unknown>;

/**
 * Settlement: a position closed in whole or in part, and a pending limit order filled. What the
 * trigger engine executes, and what the user's close and partial close run through. Every step
 * is one transaction on the order row as locked.
 */
export function createSettlement(deps: {
  db: Database;
  orders: OrdersRepository;
  announce: AnnounceOrder;
  /** Tells owners' streams of trailing stop-losses the engine moved (none: they see them on reload). */
  announceTrailing?: AnnounceOrder | undefined;
  onFeeCharged?: OnFeeCharged | undefined;
  /** A pending Real order's pair limit, checked as it opens; what to tell the dealer of a refusal. */
  exposureAtFill?: ExposureAtFill | undefined;
  onExposureLimit?: ((refusal: ExposureRefusal) => void) | undefined;
}) {
  const { db, orders, announce } = deps;
  /** In the caller's transaction when there is one, else in one of its own. */
  const within = <T>(tx: Tx | undefined, run: (tx: Tx) => Promise<T>) => (tx ? run(tx) : db.transaction(run));

  /**
   * Closes all or a part of a position at `price`; returns the closed row, or undefined when the
   * position is no longer open (or no longer `isDue`). Everything is checked and computed from the
   * row as locked, so a close, partial close or margin change that committed first is seen here:
   * a copy read before the lock could pay a part, or a profit, that is no longer there.
   */
  const settle = async (
    orderId: string,
    to: typeof ORDER_CODE.manualClose | typeof ORDER_CODE.done,
    price: (row: OrderRow) => bigint | undefined,
    options: {
      userId?: string;
      reason?: string;
      /** A partial close: `amountCents` of the position, itself and what it leaves at least `minCents`. */
      part?: { amountCents: bigint; minCents: bigint };
      /** Whether the position as locked still closes (the trigger that fired is still there). */
      isDue?: (row: OrderRow) => boolean;
      /** Inside this transaction rather than one of its own (a stop-out closes several positions in one). */
      tx?: Tx;
      /** Written with a whole close (a trailing stop-loss as it stood when it fired). */
      closing?: Partial<Pick<OrderRow, 'stopLoss'>>;
      /** The market's price where `price` is a client group's: the difference is spread income. */
      marketPrice?: (row: OrderRow) => bigint | undefined;
    } = {},
  ): Promise<OrderRow | undefined> =>
    within(options.tx, async (tx) => {
      const row = await orders.lock(tx, orderId, [ORDER_CODE.active], options.userId);
      if (!row || row.price === null) return undefined;
      if (options.isDue && !options.isDue(row)) return undefined;
      if (options.part) checkPart(row.amountCents, options.part);
      const closeAt = price(row);
      if (closeAt === undefined) throw new AppError('CONFLICT', orderReasonText('no_price'));
      const part = options.part?.amountCents ?? row.amountCents;
      const isPartial = options.part !== undefined;
      const partMargin = isPartial ? (row.marginCents * part) / row.amountCents : row.marginCents;
      // Each part books the rounded result of everything closed so far minus what the earlier parts
      // booked (carried on the position as locked): tiny parts cannot round a loss away.
      const { pnlCents: pricePnl, carry } = partPnl(row.side, part, row.price, closeAt, row.pnlCarry);
      // Financing: the part's share of the swaps accumulated counts in its result.
      const partSwap = swapShare(row.swapCents, part, row.amountCents);
      const pnl = pricePnl + partSwap;
      // --- account risk: the group's margin mode decides what the loss may take; never below zero ---
      const risk = await riskOf(tx, row.userId);
      const available = risk.marginMode === 'cross' ? await lockBalance(tx, cash(row.userId, row.book)) : 0n;
      const { payoutCents: payout, writeOffCents: writeOff } = closeOutcome(partMargin, pnl, available);
      // --- end of account risk ---
      const realized = payout - partMargin;
      const market = options.marketPrice?.(row);
      const spreadCents = market === undefined ? 0n : markupIncome(part, closeAt, market);
      const now = new Date();
      let closed: OrderRow;
      if (isPartial) {
        const remaining = row.amountCents - part;
        const remainingMargin = row.marginCents - partMargin;
        await orders.update(tx, row.id, {
          amountCents: remaining,
          marginCents: remainingMargin,
          liquidationPrice: liquidationFor(risk, row.side, remaining, remainingMargin, row.price),
          pnlCarry: carry,
          swapCents: row.swapCents - partSwap,
        });
        const inserted = await orders.insert(tx, {
          userId: row.userId,
          book: row.book,
          symbol: row.symbol,
          side: row.side,
          type: row.type,
          status: to,
          reason: options.reason ?? 'partial_close',
          precision: row.precision,
          amountCents: part,
          leverage: row.leverage,
          price: row.price,
          marginCents: partMargin,
          feeCents: 0n,
          closePrice: closeAt,
          pnlCents: realized,
          swapCents: partSwap,
          swapThrough: row.swapThrough,
          parentId: row.id,
          spreadMarkupBp: row.spreadMarkupBp,
          openedAt: row.openedAt,
          closedAt: now,
        });
        if (!inserted) throw new Error('partial close insert returned nothing');
        closed = inserted;
      } else {
        closed = await orders.update(tx, row.id, {
          ...options.closing,
          status: to,
          reason: options.reason ?? null,
          closePrice: closeAt,
          pnlCents: realized,
          pnlCarry: carry,
          closedAt: now,
        });
      }
      await post(
        tx,
        settlement(closed.id, row, partMargin, payout, {
          swapCents: partSwap,
          writeOffCents: writeOff,
          spreadCents,
        }),
      );
      return closed;
    });

  /** Refusals found inside a fill's transaction, told to the dealer once it committed. */
  const refusedInFill = new WeakMap<OrderRow, ExposureRefusal>();
  /**
   * A pending order its pair's exposure limit refuses as it would open: its reserve goes back and it
   * ends `rvt` with reason `exposure_limit`, as a market order refused at placement does.
   */
  const refuseForExposure = async (tx: Tx, locked: OrderRow, refusal: ExposureRefusal) => {
    await post(tx, release(locked.id, locked));
    const refused = await orders.update(tx, locked.id, {
      status: ORDER_CODE.rejected,
      reason: 'exposure_limit',
      closedAt: new Date(),
    });
    if (refused) refusedInFill.set(refused, refusal);
    return refused;
  };
  /** After a fill's transaction: a refusal goes to the dealer, and the order to its owner. */
  const afterFill = (row: OrderRow | undefined) => {
    if (!row) return row;
    const refusal = refusedInFill.get(row);
    if (refusal) deps.onExposureLimit?.(refusal);
    announce(row);
    return row;
  };

  return {
    settle,

    /**
     * The trigger engine: a pending order whose limit the market crossed opens at `entry`; not
     * when its limit, as locked, no longer takes that price (changed after the engine read it).
     */
    async fill(orderId: string, entry: bigint, marketPrice = entry): Promise<OrderRow | undefined> {
      const opened = await db.transaction(async (tx) => {
        const locked = await orders.lock(tx, orderId, [ORDER_CODE.pending]);
        if (!locked || locked.price === null) return undefined;
        // A stop-limit waits as a limit only once its trigger fired.
        if (locked.type === 'stop_limit' && !locked.triggeredAt) return undefined;
        if (!limitFills(locked.side, locked.price, { bid: entry, ask: entry })) return undefined;
        const refusal = await deps.exposureAtFill?.(tx, locked);
        if (refusal) return refuseForExposure(tx, locked, refusal);
        await post(tx, fillFee(orderId, locked, markupIncome(locked.amountCents, entry, marketPrice)));
        const charge = { userId: locked.userId, book: locked.book, orderId, feeCents: locked.feeCents };
        await deps.onFeeCharged?.(tx, charge);
        return orders.update(tx, orderId, {
          status: ORDER_CODE.active,
          price: entry,
          liquidationPrice: liquidationFor(
            await riskOf(tx, locked.userId),
            locked.side,
            locked.amountCents,
            locked.marginCents,
            entry,
          ),
          ...trailFrom(locked, entry),
          openedAt: new Date(),
        });
      });
      return afterFill(opened);
    },

    ...createStopSettlement({ ...deps, settle, refuseForExposure, afterFill }),

    /**
     * The trigger engine: take-profit, stop-loss or liquidation closes the position at `price`;
     * not when the position as locked no longer has that exit at that price (an edit or added
     * margin committed after the engine read it).
     */
    async closeByTrigger(
      orderId: string,
      price: bigint,
      reason: TExit,
      marketPrice = price,
    ): Promise<OrderRow | undefined> {
      const closed = await settle(orderId, ORDER_CODE.done, () => price, {
        reason,
        marketPrice: () => marketPrice,
        isDue: (row) => exitFiresAt(row, reason, price),
      });
      if (closed) announce(closed);
      return closed;
    },
  };
}
export type Settlement = ReturnType<typeof createSettlement>;
