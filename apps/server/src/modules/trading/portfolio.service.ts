// A user's account (real or demo) valued at live prices: balance, equity, margin used and free,
// margin level against their group's levels, each open position's result, and the equity chart
// over a period from daily snapshots plus today's movements.
import { formatScaled } from '@td/contracts/decimal';
import { ORDER_CODE } from '@td/contracts/statuses';
import type { TBalance, TPortfolio } from '@td/contracts/trading';
import type { Database } from '../../platform/db/client';
import { balanceMovesSince, type TBook } from '../ledger/ledger';
import { accountStateOf, marginLevel } from './account-risk';
import { DAY_MS, dayOf, dayPoints, unrealizedAt } from './equity-snapshots';
import { toOrderDto } from './order-dto';
import type { OrdersRepository } from './orders.repository';
import type { QuoteSource } from './quotes';

const PERIOD_DAYS: Record<string, number | undefined> = { all: undefined, '1Y': 365, '1M': 30, '1W': 7 };

/** A user's book valued at the live prices: balance, equity, margin, and each open position's PnL. */
export function createPortfolioService(deps: {
  db: Database;
  orders: OrdersRepository;
  quotes: QuoteSource;
}) {
  const value = async (userId: string, book: TBook) => {
    const [{ cash, margin, risk }, live] = await Promise.all([
      accountStateOf(deps.db, userId, book),
      deps.orders.live(userId, book),
    ]);
    let unrealized = 0n;
    const positions = live
      .filter((row) => row.status === ORDER_CODE.active && row.price !== null)
      .map((row) => {
        const pnl = unrealizedAt([row], deps.quotes);
        unrealized += pnl;
        return toOrderDto(row, pnl);
      });
    const balance = cash + margin;
    const equity = balance + unrealized;
    return { cash, margin, balance, equity, unrealized, positions, risk };
  };

  /**
   * The book's balance, equity and margin, the margin level (null with no open position) and the
   * group's levels it is read against.
   */
  const balanceFigures = (v: Awaited<ReturnType<typeof value>>): TBalance => ({
    balance: formatScaled(v.balance, 2),
    equity: formatScaled(v.equity, 2),
    marginUsed: formatScaled(v.margin, 2),
    freeMargin: formatScaled(v.equity - v.margin, 2),
    marginLevel: v.positions.length === 0 ? null : marginLevel(v.equity, v.margin),
    marginMode: v.risk.marginMode,
    marginCallLevel: v.risk.marginCallLevel,
    stopOutLevel: v.risk.stopOutLevel,
  });

  return {
    async balance(userId: string, book: TBook): Promise<TBalance> {
      return balanceFigures(await value(userId, book));
    },

    async portfolio(userId: string, book: TBook, period: string): Promise<TPortfolio> {
      const v = await value(userId, book);
      const nowMs = Date.now();
      const today = dayOf(nowMs);
      // Past days as they closed (the market role writes each day's figure, `equity-snapshots.ts`);
      // today is drawn from the day's movements and the equity now.
      const days = PERIOD_DAYS[period];
      const since = days === undefined ? undefined : nowMs - days * DAY_MS;
      const snapshots = await deps.orders.equitySince(userId, book, since);
      const series = snapshots
        .filter((point) => point.t < today)
        .map((point) => ({ t: point.t, equity: formatScaled(point.equity, 2) }));
      const moves = await balanceMovesSince(deps.db, userId, book, today);
      for (const point of dayPoints(moves, v.balance, nowMs, v.equity))
        series.push({ t: point.t, equity: formatScaled(point.cents, 2) });
      const realized = await deps.orders.realizedPnl(
        userId,
        book,
        since === undefined ? undefined : new Date(since),
      );
      return {
        ...balanceFigures(v),
        unrealizedPnl: formatScaled(v.unrealized, 2),
        realizedPnl: formatScaled(realized, 2),
        positions: v.positions,
        series,
      };
    },
  };
}
export type PortfolioService = ReturnType<typeof createPortfolioService>;
