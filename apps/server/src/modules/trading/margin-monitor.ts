import { isAtOrBelow } from '@td/contracts/margin-level';
import { ORDER_CODE } from '@td/contracts/statuses';
import type { TMarginCallEvent } from '@td/contracts/stream';
import { closeSidePrice, pnlAt } from '@td/contracts/trading-math';
import type { TBook } from '../ledger/ledger';
import { type AccountRisk, accountStateOf, unrealizedOf } from './account-risk';
import { createCrossStopOut, type StopOutDeps } from './cross-stop-out';
import { type BandPosition, bandsFor, MarginBands } from './margin-bands';
import { callOf, createMarginCallRows, NO_POSITION } from './margin-calls';
import type { OrderRow } from './orders.repository';

/** How often the balances of `cross` accounts are read again (deposits and withdrawals move them). */
const BALANCE_REFRESH_MS = 5_000;

type Quote = { bid: bigint; ask: bigint };

/** An open position; its spread markup is the group's when it opened (`cross` values it so). */
interface Position extends BandPosition {
  id: string;
  userId: string;
  book: TBook;
  side: OrderRow['side'];
  marginCents: bigint;
  /** The swaps it accumulated: in a `cross` account's equity (read again with the balances). */
  swapCents: bigint;
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
 * first), deleted when the level recovers. A tick recomputes only the accounts (and `isolated`
 * positions) whose margin band it left (margin-bands.ts): those that may have crossed a line.
 */
export function createMarginMonitor(
  deps: StopOutDeps & {
    /** Runs a task in the trigger engine's queue, after what is queued already. */
    enqueue: (task: () => Promise<void>) => void;
  },
) {
  const { db, logger: log } = deps;
  const { warn, clear, standing } = createMarginCallRows(deps);
  const positions = new Map<string, Position>();
  const bySymbol = new Map<string, Set<string>>();
  const accounts = new Map<string, Account>();
  const quotes = new Map<string, Quote>();
  const bands = new MarginBands<Account | Position>();
  /** Margin calls standing (as written to `margin_calls`). */
  const warned = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const readings = new Set<Promise<void>>();

  const quoteOf = (symbol: string) => quotes.get(symbol);
  const stopOut = createCrossStopOut({ ...deps, quoteOf });

  const read = (account: Account): void => {
    if (account.isReading) {
      account.isStale = true;
      return;
    }
    account.isReading = true;
    account.isStale = false;
    const reading = (async () => {
      try {
        const { risk, swaps, ...balances } = await accountStateOf(db, account.userId, account.book);
        let isSwapChanged = false;
        for (const id of account.positions) {
          const position = positions.get(id);
          const swap = swaps.get(id);
          if (!position || swap === undefined || swap === position.swapCents) continue;
          position.swapCents = swap;
          isSwapChanged = true;
        }
        const balanceCents = balances.cash + balances.margin;
        const isChanged =
          account.risk?.marginMode !== risk.marginMode ||
          account.risk.marginCallLevel !== risk.marginCallLevel ||
          account.risk.stopOutLevel !== risk.stopOutLevel ||
          isSwapChanged ||
          account.balanceCents !== balanceCents ||
          account.marginCents !== balances.margin;
        account.risk = risk;
        account.balanceCents = balanceCents;
        account.marginCents = balances.margin;
        if (isChanged && accounts.get(accountKey(account.userId, account.book)) === account)
          evaluate(account);
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

  const fileBands = (
    unit: Account | Position,
    held: Position[],
    lines: Parameters<typeof bandsFor>[2],
    raw: boolean,
  ) => bands.file(unit, bandsFor(held, quoteOf, lines, raw));

  const positionsOf = (account: Account) =>
    [...account.positions].map((id) => positions.get(id)).filter((p) => p !== undefined);

  /** Where equity at or below it has crossed `level` % of `margin` (isAtOrBelow, as a line in cents). */
  const lineAt = (margin: bigint, level: number) => (BigInt(level) * margin) / 100n;

  const checkCross = (account: Account) => {
    const risk = account.risk;
    if (!risk || account.marginCents <= 0n) {
      bands.drop(account);
      return;
    }
    const held = positionsOf(account);
    const equity =
      account.balanceCents +
      unrealizedOf(
        held.map((p) => ({
          side: p.side,
          amountCents: p.amountCents,
          price: p.entry,
          symbol: p.symbol,
          spreadMarkupBp: p.spreadMarkupBp,
          swapCents: p.swapCents,
        })),
        quoteOf,
      );
    const isStopped = isAtOrBelow(equity, account.marginCents, risk.stopOutLevel);
    if (isStopped && !account.isStopping) {
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
    const called = callOf(account.book, risk, equity, account.marginCents);
    const isCalled = called !== undefined;
    follow(account, NO_POSITION, called);
    const below = lineAt(account.marginCents, isCalled ? risk.stopOutLevel : risk.marginCallLevel);
    fileBands(
      account,
      held,
      isStopped
        ? 'hot'
        : {
            down: equity - below - 1n,
            up: isCalled ? lineAt(account.marginCents, risk.marginCallLevel) - equity : null,
          },
      false,
    );
  };

  const checkIsolated = (account: Account, position: Position, quote: Quote) => {
    const risk = account.risk;
    if (!risk || position.marginCents <= 0n) {
      bands.drop(position);
      return;
    }
    const pnl = pnlAt(
      position.side,
      position.amountCents,
      position.entry,
      closeSidePrice(position.side, quote),
    );
    const equity = position.marginCents + pnl;
    const called = callOf(account.book, risk, equity, position.marginCents, position);
    const isCalled = called !== undefined;
    follow(account, position.id, called);
    // Below the call, the position's liquidation price (in the trigger books) is the next line.
    const line = lineAt(position.marginCents, risk.marginCallLevel);
    fileBands(
      position,
      [position],
      isCalled ? { down: null, up: line - equity } : { down: equity - line - 1n, up: null },
      true,
    );
  };

  /** Recomputes an account as it stands: as a whole in `cross`, position by position in `isolated`. */
  const evaluate = (account: Account) => {
    if (!account.risk) return;
    const held = positionsOf(account);
    if (account.risk.marginMode === 'cross') {
      for (const position of held) bands.drop(position);
      checkCross(account);
      return;
    }
    bands.drop(account);
    for (const position of held) {
      const quote = quoteOf(position.symbol);
      if (quote) checkIsolated(account, position, quote);
    }
  };

  const untrack = (orderId: string) => {
    const position = positions.get(orderId);
    if (!position) return;
    positions.delete(orderId);
    bands.drop(position);
    bySymbol.get(position.symbol)?.delete(orderId);
    const account = accounts.get(accountKey(position.userId, position.book));
    if (!account) return;
    account.positions.delete(orderId);
    // A position that is gone stands in no margin call; an account without positions neither.
    follow(account, orderId, undefined);
    if (account.positions.size === 0) {
      follow(account, NO_POSITION, undefined);
      bands.drop(account);
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
        spreadMarkupBp: row.spreadMarkupBp ?? 0,
        swapCents: row.swapCents ?? 0n,
      };
      const previous = positions.get(row.id);
      if (previous) bands.drop(previous);
      positions.set(row.id, position);
      let ids = bySymbol.get(row.symbol);
      if (!ids) {
        ids = new Set();
        bySymbol.set(row.symbol, ids);
      }
      ids.add(row.id);
      const account = accountOf(row.userId, row.book);
      account.positions.add(row.id);
      // Its bands now cover the new position too (the balances follow when read).
      evaluate(account);
      read(account);
    },

    onQuote(symbol: string, bid: bigint, ask: bigint): void {
      const quote = { bid, ask };
      const isFirst = !quotes.has(symbol);
      quotes.set(symbol, quote);
      if (isFirst) {
        // Its positions counted as flat until now: every account holding it is recomputed.
        const holders = new Set<Account>();
        for (const id of bySymbol.get(symbol) ?? []) {
          const position = positions.get(id);
          const account = position && accounts.get(accountKey(position.userId, position.book));
          if (account) holders.add(account);
        }
        for (const account of holders) evaluate(account);
        return;
      }
      for (const unit of bands.crossed(symbol, bid, ask)) {
        if ('positions' in unit) {
          checkCross(unit);
          continue;
        }
        const account = accounts.get(accountKey(unit.userId, unit.book));
        if (account?.risk && account.risk.marginMode !== 'cross') checkIsolated(account, unit, quote);
      }
    },

    async start(): Promise<void> {
      for (const row of await standing())
        warned.add(callKey(row.userId, row.book, row.orderId ?? NO_POSITION));
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
