// Trading from the Trade tab's chart: dropping an order's take-profit, stop-loss, limit or stop
// line at a new price changes the order after the checks the ticket makes, with Undo in the toast;
// a click on a line opens the order's exits dialog.
import type { TPair } from '@td/contracts/market';
import { ORDER_CODE } from '@td/contracts/statuses';
import type { TOrder } from '@td/contracts/trading';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { TChartPriceLine } from '../../../domain/market/components/chart-price-lines';
import { EditExitsDialog } from '../../../domain/trading/components/edit-exits-dialog';
import { stopPriceError } from '../../../domain/trading/order-form';
import { useUpdateOrder } from '../../../domain/trading/order-mutations';
import { closeSidePrice, exitProblem } from '../../../domain/trading/trading-math';
import type { TLiveQuote } from '../../../domain/trading/use-live-quote';
import { formatPrice } from '../../../lib/format-market';
import { t } from '../../../lib/i18n';
import styles from './chart-trading.module.css';

type TChanges = { takeProfit?: string | null; stopLoss?: string | null; price?: string; stopPrice?: string };

/** The lines a drop moves: an exit of the order, or the limit price or stop trigger of a pending one. */
type TMovedLine = 'takeProfit' | 'stopLoss' | 'limit' | 'stop';

/**
 * Trading from the chart: a dropped take-profit, stop-loss (a position's, or one a pending order
 * will open with), limit or stop line changes its order after
 * the ticket's own checks (then a toast with Undo); a click on any order's line opens the order.
 */
export function useChartTrading({
  pair,
  orders,
  quote,
}: {
  pair: TPair | undefined;
  orders: readonly TOrder[];
  quote: TLiveQuote | undefined;
}) {
  const update = useUpdateOrder();
  const [opened, setOpened] = useState<TOrder | undefined>();
  const precision = pair?.pricePrecision ?? 2;

  const apply = (order: TOrder, changes: TChanges, before: TChanges, line: TMovedLine, price: string) =>
    update
      .mutateAsync({ order, changes, isQuiet: true })
      .then(() => {
        toast.success(
          (shown) => (
            <span className={styles.toast}>
              {t(`trade.chart.moved.${line}`, { price: formatPrice(price, precision) })}
              <button
                type="button"
                className={styles.undo}
                onClick={() => {
                  toast.dismiss(shown.id);
                  update.mutate(
                    { order, changes: before, isQuiet: true },
                    { onSuccess: () => toast.success(t(`trade.chart.restored.${line}`)) },
                  );
                }}
              >
                {t('trade.chart.undo')}
              </button>
            </span>
          ),
          { id: `chart-move:${order.id}`, duration: 8000 },
        );
        return true;
      })
      .catch(() => false);

  const onLineMove = async (line: TChartPriceLine, price: string): Promise<boolean> => {
    const order = orders.find((each) => each.id === line.orderId);
    if (!order) return false;
    const isPending = order.status === ORDER_CODE.pending;
    if (line.kind === 'stop') {
      if (!isPending) return false;
      // A buy stop stays above the ask, a sell stop below the bid, as the ticket checks.
      const problem = stopPriceError(order.side, price, quote, precision);
      if (problem) {
        toast.error(problem);
        return false;
      }
      // A stop without a limit opens at its trigger: its exits must stay on the right side of it.
      const exits = { takeProfit: order.takeProfit, stopLoss: order.stopLoss };
      const sides = order.price ? {} : exitProblem(order.side, price, exits, precision);
      if (sides.takeProfit ?? sides.stopLoss) {
        toast.error(t('trade.chart.stopWrongSide', { price: formatPrice(price, precision) }));
        return false;
      }
      return apply(order, { stopPrice: price }, { stopPrice: order.stopPrice ?? price }, 'stop', price);
    }
    if (line.kind === 'limit') {
      if (!isPending) return false;
      // The order's exits must still lie on the right side of its new limit price.
      const problem = exitProblem(
        order.side,
        price,
        { takeProfit: order.takeProfit, stopLoss: order.stopLoss },
        precision,
      );
      const message = problem.takeProfit ?? problem.stopLoss;
      if (message) {
        toast.error(t('trade.chart.limitWrongSide', { price: formatPrice(price, precision) }));
        return false;
      }
      return apply(order, { price }, { price: order.price ?? price }, 'limit', price);
    }
    const key = line.kind === 'takeProfit' ? 'takeProfit' : line.kind === 'stopLoss' ? 'stopLoss' : undefined;
    if (!key) return false;
    // A pending order's exits are checked against the price it opens at (its limit, else its
    // stop's trigger), as the edit dialog checks them; a position's against the live price.
    const reference = isPending
      ? (order.price ?? order.stopPrice)
      : quote
        ? closeSidePrice(order.side, quote)
        : null;
    const problem = exitProblem(order.side, reference, { [key]: price }, precision)[key];
    if (problem) {
      toast.error(
        t(`trade.chart.exitProblem.${key}`, {
          price: formatPrice(price, precision),
          problem: `${problem.charAt(0).toLowerCase()}${problem.slice(1)}`,
        }),
      );
      return false;
    }
    return apply(order, { [key]: price }, { [key]: order[key] }, key, price);
  };

  const onLineClick = (line: TChartPriceLine) => setOpened(orders.find((each) => each.id === line.orderId));

  const dialog = opened ? (
    <EditExitsDialog order={opened} pair={pair} quote={quote} onClose={() => setOpened(undefined)} />
  ) : null;

  return { onLineMove, onLineClick, dialog };
}
