import type { TLanguageCode } from '@td/contracts/auth';
import { displaySymbol } from '@td/contracts/constants';
import { formatScaled } from '@td/contracts/decimal';
import { markupQuote } from '@td/contracts/group-terms';
import { isAtOrBelow, marginLevel } from '@td/contracts/margin-level';
import { ORDER_CODE } from '@td/contracts/statuses';
import { type TMarginCallEvent, ZMarginCallEvent } from '@td/contracts/stream';
import { closeSidePrice, pnlAt } from '@td/contracts/trading-math';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { marginCalls } from '../groups/groups.schema';
import { balancesOf, cash, lockBalance, type TBook } from '../ledger/ledger';
import { isMarketOpen } from '../market/market-hours';
import type { LocalizedEmail, Notify } from '../notifications/notifications.service';
import { pairs } from '../pairs/pairs.schema';
import { type AccountRisk, riskOf, unrealizedOf } from './account-risk';
import type { Settlement } from './order-settlement';
import type { OrderRow } from './orders.repository';
import { orders } from './orders.schema';
import { createOrderAnnouncer } from './trading-channels';

/** A margin call for the user's stream room (the stream sends it as the `marginCall` event). */
export const MARGIN_CALL_CHANNEL = defineChannel(
  'user.marginCall',
  z.object({ userId: z.string(), event: ZMarginCallEvent }),
);

/** How often the balances of `cross` accounts are read again (deposits and withdrawals move them). */
const BALANCE_REFRESH_MS = 5_000;
const NO_POSITION = '';

type Quote = { bid: bigint; ask: bigint };

interface Position {
  id: string;
  userId: string;
  book: TBook;
  symbol: string;
  side: OrderRow['side'];
  amountCents: bigint;
  marginCents: bigint;
  entry: bigint;
}

interface Account {
  userId: string;
  book: TBook;
  positions: Set<string>;
  /** Read from the database; undefined until the first reading ends. */
  risk?: AccountRisk;
  /** Cash + margin, and margin in use, as last read. */
  balanceCents: bigint;
  marginCents: bigint;
  isStopping: boolean;
  isReading: boolean;
  /** A change arrived while it was read: read once more after. */
  isStale: boolean;
}

const accountKey = (userId: string, book: TBook) => `${userId}:${book}`;
const callKey = (userId: string, book: TBook, orderId: string) => `${userId}:${book}:${orderId}`;

/** The margin call's words: the notice (English, as the centre keeps it) and the e-mail per language. */
const CALL_TEXT = {
  cross: (level: string, stopOut: number) =>
    `Margin call: your margin level is ${level} %. At ${stopOut} % your positions are closed, the largest loss first. Add funds or close positions to avoid it; new orders are refused until the level recovers.`,
  isolated: (level: string, stopOut: number, pair: string) =>
    `Margin call on ${pair}: the position's margin level is ${level} %. At ${stopOut} % it is closed. Add margin to it or close it to avoid that.`,
} as const;

const callEmail =
  (event: TMarginCallEvent): LocalizedEmail =>
  (language: TLanguageCode) => {
    const pair = event.symbol ? displaySymbol(event.symbol) : '';
    const level = event.marginLevel;
    const stop = event.stopOutLevel;
    const account = event.account === 'demo' ? ' (demo)' : '';
    const words = {
      en: {
        subject: `Margin call${account}`,
        body:
          event.marginMode === 'cross' ? CALL_TEXT.cross(level, stop) : CALL_TEXT.isolated(level, stop, pair),
      },
      es: {
        subject: `Llamada de margen${account}`,
        body:
          event.marginMode === 'cross'
            ? `Llamada de margen: tu nivel de margen es ${level} %. Al ${stop} % se cierran tus posiciones, empezando por la de mayor pérdida. Añade fondos o cierra posiciones para evitarlo; las nuevas órdenes se rechazan hasta que el nivel se recupere.`
            : `Llamada de margen en ${pair}: el nivel de margen de la posición es ${level} %. Al ${stop} % se cierra. Añade margen o ciérrala para evitarlo.`,
      },
      ru: {
        subject: `Маржин-колл${account}`,
        body:
          event.marginMode === 'cross'
            ? `Маржин-колл: уровень маржи ${level} %. При ${stop} % позиции закрываются, начиная с самой убыточной. Пополните счёт или закройте позиции, чтобы этого избежать; новые ордера не принимаются, пока уровень не восстановится.`
            : `Маржин-колл по ${pair}: уровень маржи позиции ${level} %. При ${stop} % она будет закрыта. Добавьте маржу или закройте позицию, чтобы этого избежать.`,
      },
    }[language];
    return { subject: words.subject, paragraphs: [words.body] };
  };

/**
 * Account risk in the market role's trigger engine: margin calls and the `cross` stop-out.
 *
 * `isolated`: each position's level is (margin + PnL) ÷ margin × 100; at the group's margin-call
 * level the user is warned once per crossing, and the position's liquidation price (in the trigger
 * books) closes it at the stop-out level. `cross`: the account's level is equity ÷ margin × 100; at
 * the margin-call level the user is warned once per crossing (new orders are refused meanwhile, by
 * order placing), and at the stop-out level the position with the largest loss is closed, then the
 * next, until the level is back above stop-out: one transaction on the account as locked.
 *
 * A warning is a row of `margin_calls` written once (whichever process or restart sees the crossing
 * first), deleted when the level recovers. Every tick looks at the positions of its pair only.
 */
export function createMarginMonitor(deps: {
  db: Database;
  settle: Settlement['settle'];
  bus: Bus;
  logger: Logger;
  notify?: Notify | undefined;
  /** Told of each position a `cross` stop-out closed (metrics count them). */
  onStopOut?: (() => void) | undefined;
  /** Runs a task in the trigger engine's queue, after what is queued already. */
  enqueue: (task: () => Promise<void>) => void;
}) {
  const { db, logger: log } = deps;
  const announce = createOrderAnnouncer({ bus: deps.bus, logger: log });
  const positions = new Map<string, Position>();
  const bySymbol = new Map<string, Set<string>>();
  const accounts = new Map<string, Account>();
  const quotes = new Map<string, Quote>();
  /** Margin calls standing (as written to `margin_calls`). */
  const warned = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const readings = new Set<Promise<void>>();

  const quoteOf = (symbol: string) => quotes.get(symbol);

  const read = (account: Account): void => {
    if (account.isReading) {
      account.isStale = true;
      return;
    }
    account.isReading = true;
    account.isStale = false;
    const reading = (async () => {
      try {
        const [risk, balances] = await Promise.all([
          riskOf(db, account.userId),
          balancesOf(db, account.userId, account.book),
        ]);
        account.risk = risk;
        account.balanceCents = balances.cash + balances.margin;
        account.marginCents = balances.margin;
      } catch (error) {
        log.warn({ err: error, userId: account.userId }, 'reading an account for margin failed');
      } finally {
        account.isReading = false;
        if (account.isStale) read(account);
      }
    })();
    readings.add(reading);
    void reading.finally(() => readings.delete(reading));
  };

  const accountOf = (userId: string, book: TBook) => {
    const key = accountKey(userId, book);
    let account = accounts.get(key);
    if (!account) {
      account = {
        userId,
        book,
        positions: new Set(),
        balanceCents: 0n,
        marginCents: 0n,
        isStopping: false,
        isReading: false,
        isStale: false,
      };
      accounts.set(key, account);
    }
    return account;
  };

  /** Writes the call once (a row) and, when this is the first, tells the user. */
  const warn = async (event: TMarginCallEvent & { userId: string; levelBp: bigint }) => {
    const { userId, levelBp, ...payload } = event;
    const [row] = await db
      .insert(marginCalls)
      .values({ userId, book: event.account, orderId: event.orderId, levelBp })
      .onConflictDoNothing()
      .returning({ id: marginCalls.id });
    if (!row) return;
    await deps.bus
      .publish(MARGIN_CALL_CHANNEL, { userId, event: payload })
      .catch((error: unknown) => log.warn({ err: error }, 'announcing a margin call failed'));
    const message =
      event.marginMode === 'cross'
        ? CALL_TEXT.cross(event.marginLevel, event.stopOutLevel)
        : CALL_TEXT.isolated(event.marginLevel, event.stopOutLevel, displaySymbol(event.symbol ?? ''));
    await deps.notify?.(
      userId,
      'margin_call',
      {
        message,
        account: event.account,
        orderId: event.orderId,
        symbol: event.symbol,
        marginLevel: event.marginLevel,
      },
      { email: callEmail(payload) },
    );
  };

  const clear = async (userId: string, book: TBook, orderId: string) => {
    await db
      .delete(marginCalls)
      .where(
        and(
          eq(marginCalls.userId, userId),
          eq(marginCalls.book, book),
          orderId === NO_POSITION ? isNull(marginCalls.orderId) : eq(marginCalls.orderId, orderId),
        ),
      );
  };

  const run = (what: string, task: () => Promise<unknown>) =>
    deps.enqueue(async () => {
      try {
        await task();
      } catch (error) {
        log.error({ err: error }, `${what} failed`);
      }
    });

  /** Warns on a crossing down (`called`: the call's details), forgets the call on a crossing back up. */
  const follow = (
    account: Account,
    orderId: string,
    called: (() => TMarginCallEvent & { levelBp: bigint }) | undefined,
  ) => {
    const key = callKey(account.userId, account.book, orderId);
    if (called && !warned.has(key)) {
      warned.add(key);
      const details = { ...called(), userId: account.userId };
      run('a margin call', () => warn(details));
    } else if (!called && warned.has(key)) {
      warned.delete(key);
      run('clearing a margin call', () => clear(account.userId, account.book, orderId));
    }
  };

  const levelBp = (equity: bigint, margin: bigint) =>
    BigInt((marginLevel(equity, margin) ?? '0').replace('.', ''));

  /**
   * The `cross` stop-out: the account's positions and balance locked, then the position with the
   * largest loss closed while the level is at or below stop-out. A close or added margin of the
   * user that committed first is seen here (it is settled once: this one finds it gone or changed).
   */
  const stopOut = async (userId: string, book: TBook): Promise<OrderRow[]> => {
    const closed = await db.transaction(async (tx) => {
      // The positions first, then the cash: the order in which a user's close takes its locks.
      const open = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.book, book), eq(orders.status, ORDER_CODE.active)))
        .orderBy(asc(orders.id))
        .for('update');
      const risk = await riskOf(tx, userId);
      if (risk.marginMode !== 'cross') return [];
      await lockBalance(tx, cash(userId, book));
      let remaining = open.filter((row) => row.price !== null);
      if (remaining.length === 0) return [];
      // A position whose market is shut is valued at its last price but not closed there.
      const types = await tx
        .select({ symbol: pairs.symbol, pairType: pairs.pairType })
        .from(pairs)
        .where(inArray(pairs.symbol, [...new Set(remaining.map((row) => row.symbol))]));
      const nowMs = Date.now();
      const closable = new Set(
        types.filter((pair) => isMarketOpen(pair.pairType, nowMs)).map((pair) => pair.symbol),
      );
      const done: OrderRow[] = [];
      for (;;) {
        const balances = await balancesOf(tx, userId, book);
        const equity = balances.cash + balances.margin + unrealizedOf(remaining, quoteOf);
        if (!isAtOrBelow(equity, balances.margin, risk.stopOutLevel)) break;
        let worst: { row: OrderRow; pnl: bigint } | undefined;
        for (const row of remaining) {
          const quote = quoteOf(row.symbol);
          if (!quote || row.price === null || !closable.has(row.symbol)) continue;
          const seen = markupQuote(quote, row.spreadMarkupBp);
          const pnl = pnlAt(row.side, row.amountCents, row.price, closeSidePrice(row.side, seen));
          if (!worst || pnl < worst.pnl) worst = { row, pnl };
        }
        if (!worst) break;
        const target = worst.row;
        remaining = remaining.filter((row) => row.id !== target.id);
        const quote = quoteOf(target.symbol);
        const row = await deps.settle(
          target.id,
          ORDER_CODE.done,
          // At the position's own prices; the difference from the market's is spread income.
          (locked) =>
            quote ? closeSidePrice(locked.side, markupQuote(quote, locked.spreadMarkupBp)) : undefined,
          {
            reason: 'stop_out',
            tx,
            marketPrice: (locked) => (quote ? closeSidePrice(locked.side, quote) : undefined),
          },
        );
        if (row) done.push(row);
      }
      return done;
    });
    for (const row of closed) {
      deps.onStopOut?.();
      announce(row);
      void deps.notify?.(row.userId, 'stop_out', {
        message: `Stop-out: ${row.side === 'buy' ? 'Buy' : 'Sell'} ${displaySymbol(row.symbol)} ${formatScaled(row.amountCents, 2)} USD closed, PnL ${formatScaled(row.pnlCents ?? 0n, 2)} USD`,
        orderId: row.id,
        symbol: row.symbol,
        account: row.book,
      });
    }
    return closed;
  };

  const checkCross = (account: Account) => {
    const risk = account.risk;
    if (!risk || account.marginCents <= 0n) return;
    const held = [...account.positions].map((id) => positions.get(id)).filter((p) => p !== undefined);
    const equity =
      account.balanceCents +
      unrealizedOf(
        held.map((p) => ({ side: p.side, amountCents: p.amountCents, price: p.entry, symbol: p.symbol })),
        quoteOf,
      );
    if (isAtOrBelow(equity, account.marginCents, risk.stopOutLevel) && !account.isStopping) {
      account.isStopping = true;
      run('a stop-out', async () => {
        try {
          await stopOut(account.userId, account.book);
        } finally {
          account.isStopping = false;
          read(account);
        }
      });
    }
    const isCalled = isAtOrBelow(equity, account.marginCents, risk.marginCallLevel);
    follow(
      account,
      NO_POSITION,
      isCalled
        ? () => ({
            account: account.book,
            marginMode: 'cross',
            orderId: null,
            symbol: null,
            marginLevel: marginLevel(equity, account.marginCents) ?? '0.00',
            marginCallLevel: risk.marginCallLevel,
            stopOutLevel: risk.stopOutLevel,
            levelBp: levelBp(equity, account.marginCents),
          })
        : undefined,
    );
  };

  const checkIsolated = (account: Account, position: Position, quote: Quote) => {
    const risk = account.risk;
    if (!risk || position.marginCents <= 0n) return;
    const pnl = pnlAt(
      position.side,
      position.amountCents,
      position.entry,
      closeSidePrice(position.side, quote),
    );
    const equity = position.marginCents + pnl;
    const isCalled = isAtOrBelow(equity, position.marginCents, risk.marginCallLevel);
    follow(
      account,
      position.id,
      isCalled
        ? () => ({
            account: account.book,
            marginMode: 'isolated',
            orderId: position.id,
            symbol: position.symbol,
            marginLevel: marginLevel(equity, position.marginCents) ?? '0.00',
            marginCallLevel: risk.marginCallLevel,
            stopOutLevel: risk.stopOutLevel,
            levelBp: levelBp(equity, position.marginCents),
          })
        : undefined,
    );
  };

  const untrack = (orderId: string) => {
    const position = positions.get(orderId);
    if (!position) return;
    positions.delete(orderId);
    bySymbol.get(position.symbol)?.delete(orderId);
    const account = accounts.get(accountKey(position.userId, position.book));
    if (!account) return;
    account.positions.delete(orderId);
    // A position that is gone stands in no margin call; an account without positions neither.
    follow(account, orderId, undefined);
    if (account.positions.size === 0) {
      follow(account, NO_POSITION, undefined);
      accounts.delete(accountKey(position.userId, position.book));
    }
  };

  return {
    /** The trigger engine's view of an order changed: an open position is watched, others not. */
    track(row: OrderRow | undefined, orderId: string): void {
      if (!row || row.status !== ORDER_CODE.active || row.price === null) {
        untrack(orderId);
        const owner = row && accounts.get(accountKey(row.userId, row.book));
        if (owner) read(owner);
        return;
      }
      const position: Position = {
        id: row.id,
        userId: row.userId,
        book: row.book,
        symbol: row.symbol,
        side: row.side,
        amountCents: row.amountCents,
        marginCents: row.marginCents,
        entry: row.price,
      };
      positions.set(row.id, position);
      let ids = bySymbol.get(row.symbol);
      if (!ids) {
        ids = new Set();
        bySymbol.set(row.symbol, ids);
      }
      ids.add(row.id);
      const account = accountOf(row.userId, row.book);
      account.positions.add(row.id);
      read(account);
    },

    onQuote(symbol: string, bid: bigint, ask: bigint): void {
      const quote = { bid, ask };
      quotes.set(symbol, quote);
      const crossed = new Set<Account>();
      for (const id of bySymbol.get(symbol) ?? []) {
        const position = positions.get(id);
        const account = position && accounts.get(accountKey(position.userId, position.book));
        if (!position || !account?.risk) continue;
        if (account.risk.marginMode === 'cross') crossed.add(account);
        else checkIsolated(account, position, quote);
      }
      for (const account of crossed) checkCross(account);
    },

    async start(): Promise<void> {
      const rows = await db
        .select({ userId: marginCalls.userId, book: marginCalls.book, orderId: marginCalls.orderId })
        .from(marginCalls);
      for (const row of rows) warned.add(callKey(row.userId, row.book, row.orderId ?? NO_POSITION));
      timer = setInterval(() => {
        for (const account of accounts.values()) if (account.risk?.marginMode === 'cross') read(account);
      }, BALANCE_REFRESH_MS);
      timer.unref();
    },

    stop(): void {
      if (timer) clearInterval(timer);
    },

    stopOut,
    /** Whether a margin call stands for the account (or one of its positions): tests. */
    isWarned: (userId: string, book: TBook, orderId: string | null = null) =>
      warned.has(callKey(userId, book, orderId ?? NO_POSITION)),
    /** Resolves when every account reading is done (tests). */
    async readingsDone(): Promise<void> {
      while (readings.size > 0) await Promise.all([...readings]);
    },
  };
}
export type MarginMonitor = ReturnType<typeof createMarginMonitor>;
