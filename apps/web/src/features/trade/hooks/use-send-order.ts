import type { TAccount } from '@td/contracts/constants';
import type { TOrder } from '@td/contracts/trading';
import { useRef } from 'react';
import { createClientOrderIds } from '../../../domain/trading/order-form';
import { usePlaceOrder } from '../../../domain/trading/order-mutations';
import type { TSide } from '../../../domain/trading/trading-math';
import { ApiError } from '../../../lib/api-client';

/** The order ticket's sending: the request built from what the ticket holds, placed once. */

export type TOrderType = 'market' | 'limit' | 'stop' | 'stop_limit';
export type TTimeInForce = 'gtc' | 'day' | 'gtd';

/** An order as the ticket holds it, its fields as typed ('' when empty). */
export interface TTicketOrder {
  account: TAccount;
  symbol: string;
  side: TSide;
  type: TOrderType;
  amount: string;
  leverage: number;
  limitPrice: string;
  stopPrice: string;
  takeProfit: string;
  stopLoss: string;
  trailingStop: string;
  /** The stop-loss trails the price: the trailing distance is sent, not the stop-loss. */
  isTrailing: boolean;
  timeInForce: TTimeInForce;
  /** A `datetime-local` value, with `timeInForce` gtd. */
  expiresAt: string;
}

/** The request of POST /orders: only what the order's type takes, and the exits that are set. */
function requestOf(order: TTicketOrder) {
  return {
    account: order.account,
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    amount: order.amount,
    leverage: order.leverage,
    ...(order.type === 'limit' || order.type === 'stop_limit' ? { price: order.limitPrice } : {}),
    ...(order.type === 'stop' || order.type === 'stop_limit' ? { stopPrice: order.stopPrice } : {}),
    ...(order.takeProfit ? { takeProfit: order.takeProfit } : {}),
    ...(!order.isTrailing && order.stopLoss ? { stopLoss: order.stopLoss } : {}),
    ...(order.isTrailing && order.trailingStop ? { trailingStop: order.trailingStop } : {}),
    ...(order.type !== 'market' ? { timeInForce: order.timeInForce } : {}),
    ...(order.type !== 'market' && order.timeInForce === 'gtd'
      ? { expiresAt: new Date(order.expiresAt).toISOString() }
      : {}),
  };
}

/**
 * Sends the ticket's orders. The same request sent again after a lost answer keeps its client
 * order id, so the server places it once; `onPlaced` hears the server's answer (placed or refused).
 */
export function useSendOrder() {
  const clientOrderIds = useRef(createClientOrderIds()).current;
  const placeOrder = usePlaceOrder();

  const send = (order: TTicketOrder, onPlaced: (placed: TOrder) => void) => {
    const request = requestOf(order);
    const clientOrderId = clientOrderIds.idFor(JSON.stringify(request));
    placeOrder.mutate(
      { ...request, clientOrderId },
      {
        onSuccess: ({ data }) => {
          clientOrderIds.settle();
          onPlaced(data);
        },
        onError: (error) => {
          // Only a request that never got an answer may be the same order; anything else is settled.
          if (!(error instanceof ApiError && error.isNetworkError)) clientOrderIds.settle();
        },
      },
    );
  };

  return { send, isPending: placeOrder.isPending };
}
