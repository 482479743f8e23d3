import type { TLanguageCode } from '@td/contracts/auth';
import type { TOrder } from '@td/contracts/trading';
import { CSV_EOL, csvLine } from '../../platform/http/csv';
import { ORDER_CSV_WORDS, orderReasonWords } from './orders-csv-words';

/**
 * The export's columns: History's own in its order (with each order's swaps beside its fee, as they
 * count in its PnL), then what the screen leaves out.
 */
export const ORDER_CSV_COLUMNS = [
  'pair',
  'opened',
  'closed',
  'side',
  'amount',
  'price',
  'closePrice',
  'fee',
  'swap',
  'pnl',
  'status',
  'placed',
  'account',
  'type',
  'leverage',
  'stopPrice',
  'trailingStop',
  'expiresAt',
  'margin',
  'reason',
  'partOf',
  'orderId',
] as const;
export type TOrderCsvColumn = (typeof ORDER_CSV_COLUMNS)[number];

/**
 * The columns' names in each language the product speaks. Those History shows are its headers
 * word for word (the web app's `history.column.*`), so the file reads like the screen.
 */
export const ORDER_CSV_HEADERS: Record<TLanguageCode, Record<TOrderCsvColumn, string>> = {
  en: {
    pair: 'Pair',
    opened: 'Opened',
    closed: 'Closed',
    side: 'Side',
    amount: 'Amount (USD)',
    price: 'Price',
    closePrice: 'Close price',
    fee: 'Fee',
    pnl: 'PnL (USD)',
    status: 'Status',
    placed: 'Placed',
    account: 'Account',
    type: 'Type',
    leverage: 'Leverage',
    stopPrice: 'Stop price',
    trailingStop: 'Trailing stop',
    expiresAt: 'Expires at',
    margin: 'Margin',
    swap: 'Swap',
    reason: 'Reason',
    partOf: 'Partial close of (position ID)',
    orderId: 'Order ID',
  },
  es: {
    pair: 'Par',
    opened: 'Apertura',
    closed: 'Cierre',
    side: 'Lado',
    amount: 'Importe (USD)',
    price: 'Precio',
    closePrice: 'Precio de cierre',
    fee: 'Comisión',
    pnl: 'PnL (USD)',
    status: 'Estado',
    placed: 'Colocada',
    account: 'Cuenta',
    type: 'Tipo',
    leverage: 'Apalancamiento',
    stopPrice: 'Precio stop',
    trailingStop: 'Stop dinámico',
    expiresAt: 'Vence',
    margin: 'Margen',
    swap: 'Swap',
    reason: 'Motivo',
    partOf: 'Cierre parcial de (ID de la posición)',
    orderId: 'ID de la orden',
  },
  ru: {
    pair: 'Пара',
    opened: 'Открыта',
    closed: 'Закрыта',
    side: 'Направление',
    amount: 'Сумма (USD)',
    price: 'Цена',
    closePrice: 'Цена закрытия',
    fee: 'Комиссия',
    pnl: 'PnL (USD)',
    status: 'Статус',
    placed: 'Размещена',
    account: 'Счёт',
    type: 'Тип',
    leverage: 'Плечо',
    stopPrice: 'Стоп-цена',
    trailingStop: 'Трейлинг-стоп',
    expiresAt: 'Истекает',
    margin: 'Маржа',
    swap: 'Своп',
    reason: 'Причина',
    partOf: 'Частичное закрытие позиции (ID)',
    orderId: 'ID ордера',
  },
};

/**
 * One order's cells. Its side, status, type, account and reason read as History shows them in
 * `language`; figures, times and IDs stay as the API writes them, for spreadsheets to read.
 */
const cellsOf = (order: TOrder, language: TLanguageCode): Record<TOrderCsvColumn, string | number | null> => {
  const words = ORDER_CSV_WORDS[language];
  return {
    pair: order.symbol,
    opened: order.openedAt,
    closed: order.closedAt,
    side: words.side[order.side],
    amount: order.amount,
    price: order.price,
    closePrice: order.closePrice,
    fee: order.fee,
    pnl: order.pnl,
    status: words.status[order.status],
    placed: order.createdAt,
    account: words.account[order.account],
    type: words.type[order.type],
    leverage: order.leverage,
    stopPrice: order.stopPrice,
    trailingStop: order.trailingStop,
    expiresAt: order.expiresAt,
    margin: order.margin,
    swap: order.swap,
    reason: orderReasonWords(order.reason, language),
    partOf: order.parentId,
    orderId: order.id,
  };
};

/** The orders as a CSV file, with the column names and the words in its cells in `language`. */
export function ordersCsv(orders: readonly TOrder[], language: TLanguageCode): string {
  const headers = ORDER_CSV_HEADERS[language];
  const lines = orders.map((order) => {
    const cells = cellsOf(order, language);
    return csvLine(ORDER_CSV_COLUMNS.map((column) => cells[column]));
  });
  return [csvLine(ORDER_CSV_COLUMNS.map((column) => headers[column])), ...lines].join(CSV_EOL);
}
