import type { TConfig } from '../../config';
import type { Bus } from '../../platform/bus/bus';
import type { DatabaseHandle } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import type { Worker } from '../../platform/worker';
import { swapFreeUserIds } from '../groups/groups.service';
import type { Notify } from '../notifications/notifications.service';
import { createAlertEngine } from '../notifications/price-alerts.service';
import type { ReferralsService } from '../referrals/referrals.service';
import { fillExposureGuard } from '../risk/exposure-limit';
import { createEquitySnapshots } from '../trading/equity-snapshots';
import { createSettlement } from '../trading/order-settlement';
import { createOrdersRepository } from '../trading/orders.repository';
import { quotesOf } from '../trading/quotes';
import { createSwapJob } from '../trading/swap-job';
import { createOrderAnnouncer, createTrailingAnnouncer } from '../trading/trading-channels';
import { createTriggerEngine } from '../trading/trigger-engine';
import { createMarketEngine } from './market-engine';
import type { PriceBoard } from './price-board';

/**
 * The `market` role's workers, in start order: the trigger engine (limit fills, take-profits,
 * stop-losses, liquidations), equity snapshots, price alerts, overnight swaps, and the market engine that moves the
 * prices and tells the first and third of them every new quote.
 */
export function marketWorkers(deps: {
  config: TConfig;
  db: DatabaseHandle;
  bus: Bus;
  logger: Logger;
  /** The process's live prices, from the market's ticks on the bus. */
  board: PriceBoard;
  /** Fills and closes, and fired alerts, reach their users through it. */
  notify: Notify;
  /** A pending order's fee is charged when it fills: its referral commission goes with it. */
  referrals: Pick<ReferralsService, 'creditCommission'>;
  /** Told of each trigger that executed: a limit filled, a take-profit, stop-loss or liquidation. */
  onTriggerExecuted?: ((action: string) => void) | undefined;
  /** Users whose client group pays no swaps (by default, read from the client groups). */
  swapFreeUserIds?: (() => Promise<Set<string>>) | undefined;
}): Worker[] {
  const { config, db, bus, logger } = deps;
  const orders = createOrdersRepository(db.db);
  const triggers = createTriggerEngine({
    repo: orders,
    // The engine fills and closes at the tick's price; it never places orders itself.
    orders: createSettlement({
      db: db.db,
      orders,
      announce: createOrderAnnouncer({ bus, logger }),
      announceTrailing: createTrailingAnnouncer({ bus, logger }),
      onFeeCharged: deps.referrals.creditCommission,
      // A pending Real order opens only within its pair's exposure limit.
      ...fillExposureGuard({ db: db.db, bus, notify: deps.notify, logger, quotes: quotesOf(deps.board) }),
    }),
    bus,
    logger,
    notify: deps.notify,
    onExecuted: deps.onTriggerExecuted,
    db: db.db,
  });
  const alerts = createAlertEngine({ db: db.db, bus, notify: deps.notify, logger });
  return [
    { name: 'trigger-engine', start: () => triggers.start() },
    {
      name: 'equity-snapshots',
      start: () => createEquitySnapshots({ db, quotes: quotesOf(deps.board), logger }).start(),
    },
    { name: 'price-alerts', start: () => alerts.start() },
    {
      name: 'swaps',
      start: () =>
        createSwapJob({
          db,
          logger,
          swapFreeUserIds: deps.swapFreeUserIds ?? (() => swapFreeUserIds(db.db)),
        }).start(),
    },
    {
      name: 'market-engine',
      start: () =>
        createMarketEngine({
          db,
          bus,
          logger,
          marketSeed: config.MARKET_SEED,
          board: deps.board,
          onQuote: (symbol, bid, ask) => {
            triggers.onQuote(symbol, bid, ask);
            alerts.onQuote(symbol, bid, ask);
          },
          feed:
            config.MARKET_FEED === 'binance' ? { kind: 'binance', url: config.BINANCE_WS_URL } : undefined,
          finnhub: config.FINNHUB_API_KEY
            ? { url: config.FINNHUB_WS_URL, token: config.FINNHUB_API_KEY }
            : undefined,
        }).start(),
    },
  ];
}
