import { ORDER_CODE } from '@td/contracts/statuses';
import type { Bus } from '../../platform/bus/bus';
import type { Logger } from '../../platform/logger';
import type { Notify } from '../notifications/notifications.service';
import { fillNotice } from './fill-notices';
import { toOrderDto } from './order-dto';
import type { Settlement } from './order-settlement';
import type { OrderRow, OrdersRepository } from './orders.repository';
import { ORDER_CHANGES_CHANNEL } from './trading-channels';
import { type Fired, TriggerBooks } from './trigger-books';

/** After a failed execution the order is reloaded and tried again on a later tick. */
const RETRY_DELAY_MS = 1_000;

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
  orders: Pick<Settlement, 'fill' | 'closeByTrigger'>;
  bus: Bus;
  logger: Logger;
  /** Tells the user what fired (the notification centre); optional for tests of the books alone. */
  notify?: Notify;
  /** Told of each execution that happened (metrics count them by action). */
  onExecuted?: ((action: Fired['action']) => void) | undefined;
}) {
  const log = deps.logger.child({ module: 'triggers' });
  const books = new TriggerBooks();
  let queue: Promise<void> = Promise.resolve();
  let unsubscribe: (() => Promise<void>) | undefined;
  let isStopped = false;

  const load = (row: OrderRow | undefined, orderId: string) => {
    if (row && isLive(row)) books.upsert(row);
    else books.remove(orderId);
  };

  const reload = async (orderId: string) => load(await deps.repo.find(orderId), orderId);

  const execute = async (fired: Fired) => {
    try {
      const row =
        fired.action === 'fill'
          ? await deps.orders.fill(fired.orderId, fired.price)
          : await deps.orders.closeByTrigger(fired.orderId, fired.price, fired.action);
      // Not executed: the order changed or ended after the books read it (the service checks the
      // row as locked). It leaves the books when it fired, so it goes back as it is now.
      if (!row) await reload(fired.orderId);
      else deps.onExecuted?.(fired.action);
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
      for (const row of await deps.repo.allLive()) load(row, row.id);
      unsubscribe = await deps.bus.subscribe(ORDER_CHANGES_CHANNEL, ({ order }) => {
        // Through the same queue as executions: a change is applied before the ticks after it.
        queue = queue.then(() =>
          reload(order.id).catch((error: unknown) => log.warn({ err: error }, 'reloading an order failed')),
        );
      });
      log.info({ orders: books.liveOrders }, 'trigger books loaded');
      return async () => {
        isStopped = true;
        await unsubscribe?.();
        await queue;
      };
    },
    /** Called by the market engine with every pair's new quote (minor units). */
    onQuote(symbol: string, bid: number, ask: number): void {
      if (isStopped) return;
      const fired = books.cross(symbol, { bid: BigInt(bid), ask: BigInt(ask) });
      for (const one of fired) queue = queue.then(() => execute(one));
    },
    /** Resolves when every reload and execution queued so far is done (tests). */
    settled: () => queue,
  };
}
export type TriggerEngine = ReturnType<typeof createTriggerEngine>;
