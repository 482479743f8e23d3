import type { TLanguageCode } from '@td/contracts/auth';
import type { TAccount } from '@td/contracts/constants';
import { ORDER_STATUS, type TOrderStatus } from '@td/contracts/statuses';
import { orderReasonText, type TOrderType } from '@td/contracts/trading';

/**
 * The words the orders CSV writes in its cells, in each language the product speaks: the side,
 * status, type, account and reason of an order as History (and the web app's words for them,
 * `orders.side.*`, `status.order.*`, `orders.type.*`, `common.demo`/`common.real`, and its
 * translations of the server's reasons) shows them.
 */

export interface TOrderCsvWords {
  side: Record<'buy' | 'sell', string>;
  status: Record<TOrderStatus, string>;
  type: Record<TOrderType, string>;
  account: Record<TAccount, string>;
}

export const ORDER_CSV_WORDS: Record<TLanguageCode, TOrderCsvWords> = {
  en: {
    side: { buy: 'Buy', sell: 'Sell' },
    status: ORDER_STATUS,
    type: {
      market: 'Market',
      limit: 'Limit',
      stop: 'Stop',
      stop_limit: 'Stop limit',
    },
    account: { demo: 'Demo', real: 'Real' },
  },
  es: {
    side: { buy: 'Compra', sell: 'Venta' },
    status: {
      exc: 'Ejecutada',
      act: 'Activa',
      rvt: 'Rechazada',
      mcl: 'Cierre manual',
      cnl: 'Cancelada',
      pnd: 'Pendiente',
    },
    type: {
      market: 'Mercado',
      limit: 'Límite',
      stop: 'Stop',
      stop_limit: 'Stop límite',
    },
    account: { demo: 'Demo', real: 'Real' },
  },
  ru: {
    side: { buy: 'Покупка', sell: 'Продажа' },
    status: {
      exc: 'Исполнен',
      act: 'Активен',
      rvt: 'Отклонён',
      mcl: 'Закрыт вручную',
      cnl: 'Отменён',
      pnd: 'Ожидает',
    },
    type: {
      market: 'Рыночный',
      limit: 'Лимитный',
      stop: 'Стоп',
      stop_limit: 'Стоп-лимит',
    },
    account: { demo: 'Демо', real: 'Реальный' },
  },
};

/** The reasons' sentences in the languages besides English (English is the contracts' own). */
const REASON_WORDS: Record<Exclude<TLanguageCode, 'en'>, Readonly<Record<string, string>>> = {
  es: {
    market_closed: 'El mercado está cerrado',
    insufficient_margin: 'No hay suficiente margen libre',
    pair_inactive: 'Este par no está disponible para operar',
    amount_out_of_range: 'El importe está fuera de los límites de este par',
    leverage_out_of_range: 'El apalancamiento supera el máximo de este par',
    no_price: 'Ahora no hay precio en vivo para este par',
    take_profit: 'Take profit',
    stop_loss: 'Stop loss',
    liquidation: 'Liquidación',
    partial_close: 'Cierre parcial',
    demo_reset: 'Reinicio de la demo',
    expired: 'Vencida',
    margin_call: 'Llamada de margen: cierra posiciones o añade fondos antes de abrir más',
    stop_out: 'Stop-out',
    exposure_limit: 'Este par ha alcanzado su límite de exposición en este lado',
  },
  ru: {
    market_closed: 'Рынок закрыт',
    insufficient_margin: 'Недостаточно свободной маржи',
    pair_inactive: 'Эта пара недоступна для торговли',
    amount_out_of_range: 'Сумма выходит за пределы лимитов этой пары',
    leverage_out_of_range: 'Плечо выше максимума для этой пары',
    no_price: 'Сейчас нет актуальной цены этой пары',
    take_profit: 'Тейк-профит',
    stop_loss: 'Стоп-лосс',
    liquidation: 'Ликвидация',
    partial_close: 'Частичное закрытие',
    demo_reset: 'Сброс демо-счёта',
    expired: 'Истёк срок',
    margin_call: 'Маржин-колл: закройте позиции или пополните счёт, прежде чем открывать новые',
    stop_out: 'Стоп-аут',
    exposure_limit: 'Эта пара достигла лимита экспозиции на этой стороне',
  },
};

/** A reason code as a sentence in `language` ('' for none); a code without words reads in English. */
export function orderReasonWords(reason: string | null | undefined, language: TLanguageCode): string {
  if (!reason) return '';
  return (language === 'en' ? undefined : REASON_WORDS[language][reason]) ?? orderReasonText(reason);
}
