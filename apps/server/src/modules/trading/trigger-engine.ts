import { ORDER_CODE } from '@td/contracts/statuses';
import { limitFills, type TExit } from '@td/contracts/trading-math';
import type { Bus } from '../../platform/bus/bus';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import type { Notify } from '../notifications/notifications.service';
import { fillNotice } from './fill-notices';
import { createMarginMonitor } from './margin-monitor';
import { toOrderDto } from './order-dto';
import type { Settlement } from './order-settlement';
import type { OrderRow, OrdersRepository } from './orders.repository';
import { ORDER_CHANGES_CHANNEL } from './trading-channels';
import { type Fired, TriggerBooks } from './trigger-books';

/** After a failed execution the order is reloaded and tried again on a later tick. */
const RETRY_DELAY_MS = 1_000;
/** How often pending orders' ends are looked at, and moved trailing stops saved. */
const EXPIRY_CHECK_MS = 1_000;
const TRAILING_SAVE_MS = 1_000;

/**
 * What an execution is counted as: the books' action, with a trailing stop's close told apart from
 * a fixed stop-loss, and a `cross` account's stop-out (one per position it closed).
 */
export type TTriggerExecution = Fired['action'] | 'trailing_stop' | 'stop_out';

/** A stop-loss that fired from a trailing stop's level. */
const isTrailing = (fired: Fired): fired is Fired & { level: bigint; trailingStop: bigint } =>
  fired.level !== undefined && fired.trailingStop !== undefined && fired.action === 'stop_loss';

const isLive = (
  row: OrderRow,
): row is OrderRow & { status: typeof ORDER_CODE.pending | typeof ORDER_CODE.active } =>
  row.status === ORDER_CODE.pending || row.status === ORDER_CODE.active;

/**
 * The market role's trigger engine: books of every pending order and open position, checked on
 * every tick. What fires is executed one at a time through the orders service, whose conditional
 * updates make each execution happen exactly once even across a crash and restart (the books are
 * rebuilt from the database at start).
 */
export function createTriggerEngine(deps: {
  repo: OrdersRepository;
  /** Fills and closes, each on the order row as locked. */
  orders: Pick<
    Settlement,
    | 'fill'
    | 'closeByTrigger'
    | 'fillStop'
    | 'triggerStopLimit'
    | 'expire'
    | 'closeByTrailingStop'
    | 'saveTrailingStops'
  > &
    Partial<Pick<Settlement, 'settle'>>;
  /** With it (and `orders.settle`), margin calls and the `cross` stop-out run too (margin-monitor.ts). */
  db?: Database;
  bus: Bus;
  logger: Logger;
  /** Tells the user what fired (the notification centre); optional for tests of the books alone. */
  notify?: Notify;
  /** Told of each execution that happened (metrics count them by action). */
  onExecuted?: ((action: TTriggerExecution) => void) | undefined;
  /** The clock pending orders expire by (tests set it). */
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const log = deps.logger.child({ module: 'triggers' });
  const books = new TriggerBooks();
  let queue: Promise<void> = Promise.resolve();
  let unsubscribe: (() => Promise<void>) | undefined;
  let isStopped = false;
  // --- account risk ---
  const margin =
    deps.db && deps.orders.settle
      ? createMarginMonitor({
          db: deps.db,
          settle: deps.orders.settle,
          bus: deps.bus,
          logger: log,
          notify: deps.notify,
          onStopOut: () => deps.onExecuted?.('stop_out'),
          enqueue: (task) => {
            queue = queue.then(task);
          },
        })
      : undefined;
  // --- end of account risk ---

  const load = (row: OrderRow | undefined, orderId: string) => {
    if (row && isLive(row)) books.upsert(row);
    else books.remove(orderId);
    margin?.track(row, orderId);
  };

  const reload = async (orderId: string) => {
    let row = await deps.repo.find(orderId);
    // A trailing stop the books moved but have not saved yet is saved first, so the row read back
    // never puts it behind where it stood.
    if (row?.trailingStop != null && row.status === ORDER_CODE.active) {
      await saveTrailing();
      row = await deps.repo.find(orderId);
    }
    load(row, orderId);
  };

  // --- Stop orders, trailing stops and expiry ---
  const run = async (fired: Fired): Promise<OrderRow | undefined> => {
    // `price` is at the order's markup (its group's price), `marketPrice` the pair's own.
    const { orderId, price } = fired;
    const marketPrice = fired.marketPrice ?? price;
    switch (fired.action) {
      case 'fill':
        return deps.orders.fill(orderId, price, marketPrice);
      case 'stop_fill':
        return deps.orders.fillStop(orderId, price, marketPrice);
      case 'expire':
        return deps.orders.expire(orderId, now());
      case 'stop_trigger': {
        const triggered = await deps.orders.triggerStopLimit(orderId, price);
        // Its limit may take this very price: then it fills at once, as a limit placed now would.
        if (
          triggered?.price != null &&
          limitFills(triggered.side, triggered.price, { bid: price, ask: price })
        )
          queue = queue.then(() =>
            execute({
              orderId,
              action: 'fill',
              price,
              ...(fired.marketPrice === undefined ? {} : { marketPrice }),
            }),
          );
        else if (triggered) load(triggered, orderId);
        return triggered;
      }
      default:
        return isTrailing(fired)
          ? deps.orders.closeByTrailingStop(orderId, price, fired.level, fired.trailingStop, marketPrice)
          : deps.orders.closeByTrigger(orderId, price, fired.action as TExit, marketPrice);
    }
  };

  const saveTrailing = async () => {
    const moved = books.movedStops();
    if (moved.length > 0) await deps.orders.saveTrailingStops(moved);
  };
  const expireDue = () => {
    for (const one of books.expired(now())) queue = queue.then(() => execute(one));
  };
  let timers: NodeJS.Timeout[] = [];
  // --- end of stop orders ---

  const execute = async (fired: Fired) => {
    try {
      const row = await run(fired);
      // Not executed: the order changed or ended after the books read it (the service checks the
      // row as locked). It leaves the books when it fired, so it goes back as it is now.
      if (!row) await reload(fired.orderId);
      else deps.onExecuted?.(isTrailing(fired) ? 'trailing_stop' : fired.action);
      if (row && deps.notify) {
        const notice = fillNotice(toOrderDto(row), fired.action);
        void deps.notify(row.userId, notice.kind, notice.payload);
      }
    } catch (error) {
      log.error({ err: error, ...fired, price: String(fired.price) }, 'trigger execution failed; retrying');
      setTimeout(() => {
        if (!isStopped) void reload(fired.orderId).catch(() => undefined);
      }, RETRY_DELAY_MS).unref();
    }
  };

  return {
    books,
    async start(): Promise<() => Promise<void>> {
      await margin?.start();
      for (const row of await deps.repo.allLive()) load(row, row.id);
      unsubscribe = await deps.bus.subscribe(ORDER_CHANGES_CHANNEL, ({ order }) => {
        // Through the same queue as executions: a change is applied before the ticks after it.
        queue = queue.then(() =>
          reload(order.id).catch((error: unknown) => log.warn({ err: error }, 'reloading an order failed')),
        );
      });
      log.info({ orders: books.liveOrders }, 'trigger books loaded');
      // Orders that expired while no engine ran expire now; moved trailing stops are saved in batches.
      expireDue();
      timers = [
        setInterval(expireDue, EXPIRY_CHECK_MS),
        setInterval(() => {
          queue = queue
            .then(saveTrailing)
            .catch((error: unknown) => log.warn({ err: error }, 'saving trailing stops failed'));
        }, TRAILING_SAVE_MS),
      ];
      for (const timer of timers) timer.unref();
      return async () => {
        isStopped = true;
        margin?.stop();
        for (const timer of timers) clearInterval(timer);
        await unsubscribe?.();
        await queue;
        await saveTrailing().catch((error: unknown) =>
          log.warn({ err: error }, 'saving trailing stops failed'),
        );
      };
    },
    /** Called by the market engine with every pair's new quote (minor units). */
    onQuote(symbol: string, bid: number, ask: number): void {
      if (isStopped) return;
      const fired = books.cross(symbol, { bid: BigInt(bid), ask: BigInt(ask) });
      for (const one of fired) queue = queue.then(() => execute(one));
      margin?.onQuote(symbol, BigInt(bid), BigInt(ask));
    },
    /**
     * Resolves when every reload and execution queued so far is done, and what they queued in turn
     * (a stop-limit's fill queued by its trigger) (tests).
     */
    async settled(): Promise<void> {
      let waited: Promise<void>;
      do {
        waited = queue;
        await waited;
      } while (waited !== queue);
    },
    margin,
    /** Expires what is due now and saves moved trailing stops, without waiting for the timers (tests). */
    async sweep(): Promise<void> {
      expireDue();
      queue = queue
        .then(saveTrailing)
        .catch((error: unknown) => log.warn({ err: error }, 'saving trailing stops failed'));
      await queue;
    },
  };
}
export type TriggerEngine = ReturnType<typeof createTriggerEngine>;
