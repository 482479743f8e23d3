import type { TLanguageCode } from '@td/contracts/auth';
import { displaySymbol } from '@td/contracts/constants';
import { formatScaled, parseScaled } from '@td/contracts/decimal';
import type { TCreateAlertRequest, TPriceAlert } from '@td/contracts/notifications';
import { PAIR_CODE } from '@td/contracts/statuses';
import { z } from 'zod';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import type { Database } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { formatMailFigure } from '../../platform/mail/email-layout';
import type { PairsRepository } from '../pairs/pairs.repository';
import { AlertBooks, type AlertEntry } from './alert-books';
import type { Notify } from './notifications.service';
import { type AlertRow, createPriceAlertsRepository } from './price-alerts.repository';

/** Alerts added or removed in the API; the market role's books follow. */
/** An alert was set or removed: the market role's books load or drop it. */

/** The centre's words for a fired alert, with named parts the web app can place in its language. */
export const PRICE_ALERT_TEXT = {
  above: '{pair} crossed above {target}: now {now}',
  below: '{pair} crossed below {target}: now {now}',
} as const;

interface TAlertHit {
  pair: string;
  direction: 'above' | 'below';
  target: string;
  now: string;
}

/** The mail of a price alert that fired, in each language the product speaks. */
const PRICE_ALERT_WORDS = {
  en: ({ pair, direction, target, now }: TAlertHit) => ({
    subject: `Price alert: ${pair} ${direction} ${target}`,
    paragraphs: [
      `${pair} crossed ${direction} your alert price of ${target}. The price is now ${now}.`,
      'This alert has fired and will not fire again. Set a new one on the Trade screen.',
    ],
  }),
  es: ({ pair, direction, target, now }: TAlertHit) => ({
    subject: `Alerta de precio: ${pair} ${direction === 'above' ? 'por encima de' : 'por debajo de'} ${target}`,
    paragraphs: [
      `${pair} ha ${direction === 'above' ? 'subido por encima' : 'bajado por debajo'} de tu precio de alerta de ${target}. El precio actual es ${now}.`,
      'Esta alerta ya se ha activado y no volverá a activarse. Crea una nueva en la pantalla Operar.',
    ],
  }),
  ru: ({ pair, direction, target, now }: TAlertHit) => ({
    subject: `Ценовой алерт: ${pair} ${direction === 'above' ? 'выше' : 'ниже'} ${target}`,
    paragraphs: [
      `${pair} ${direction === 'above' ? 'поднялся выше' : 'опустился ниже'} цены вашего алерта ${target}. Текущая цена — ${now}.`,
      'Этот алерт сработал и больше не сработает. Новый можно создать на экране «Торговля».',
    ],
  }),
} satisfies Record<TLanguageCode, unknown>;

export const ALERTS_CHANGED_CHANNEL = defineChannel(
  'alerts.changed',
  z.object({ id: z.string(), isRemoved: z.boolean() }),
);
/** How long an alert whose firing could not be stored waits before it is watched again. */
const ALERT_RETRY_MS = 5_000;

/** Waiting alerts one user may keep: enough for any trader, bounded for the books. */
export const ALERTS_PER_USER_MAX = 50;
/** The most alerts listed: every waiting one and the latest fired. */
const ALERTS_LISTED_MAX = 200;

const toAlertDto = (row: AlertRow): TPriceAlert => ({
  id: row.id,
  symbol: row.symbol,
  direction: row.direction,
  price: formatScaled(row.priceMinor, row.precision),
  firedAt: row.firedAt?.toISOString() ?? null,
  firedPrice: row.firedPriceMinor === null ? null : formatScaled(row.firedPriceMinor, row.precision),
  createdAt: row.createdAt.toISOString(),
});

/** Price alerts: set in the API, fired once by the market role (in-app and by e-mail). */
export function createPriceAlertsService(deps: {
  db: Database;
  bus: Bus;
  pairs: Pick<PairsRepository, 'find'>;
  logger: Logger;
}) {
  const repo = createPriceAlertsRepository(deps.db);
  const announce = (id: string, isRemoved: boolean) =>
    deps.bus
      .publish(ALERTS_CHANGED_CHANNEL, { id, isRemoved })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'announcing an alert failed'));

  return {
    async list(userId: string): Promise<TPriceAlert[]> {
      return (await repo.list(userId, ALERTS_LISTED_MAX)).map(toAlertDto);
    },

    async create(userId: string, input: TCreateAlertRequest): Promise<TPriceAlert> {
      const symbol = input.symbol.toUpperCase();
      const pair = await deps.pairs.find(symbol);
      if (pair?.status !== PAIR_CODE.active) throw notFound(`There is no pair ${symbol}`);
      const [direction, text] =
        'above' in input ? (['above', input.above] as const) : (['below', input.below] as const);
      let priceMinor: bigint;
      try {
        priceMinor = parseScaled(text, pair.pricePrecision);
      } catch {
        throw badRequest(`Price must have at most ${pair.pricePrecision} decimals`);
      }
      if (priceMinor <= 0n) throw badRequest('Price must be above zero');
      if ((await repo.countWaiting(userId)) >= ALERTS_PER_USER_MAX)
        throw conflict(`You can keep at most ${ALERTS_PER_USER_MAX} waiting alerts`);
      const row = await repo.insert({
        userId,
        symbol,
        direction,
        priceMinor,
        precision: pair.pricePrecision,
      });
      if (!row) throw new Error('alert insert returned nothing');
      await announce(row.id, false);
      return toAlertDto(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw notFound('Price alert not found');
      await announce(id, true);
    },
  };
}
export type PriceAlertsService = ReturnType<typeof createPriceAlertsService>;

/**
 * The market role's alert engine: the books of every waiting alert, checked on each tick. A fired
 * alert is claimed by a conditional update (`fired_at is null`), so it notifies once even when two
 * engines overlap during a failover.
 */
export function createAlertEngine(deps: {
  db: Database;
  bus: Bus;
  notify: Notify;
  logger: Logger;
  /** ALERT_RETRY_MS unless set. */
  retryAfterMs?: number;
}) {
  const repo = createPriceAlertsRepository(deps.db);
  const retryAfterMs = deps.retryAfterMs ?? ALERT_RETRY_MS;
  const log = deps.logger.child({ module: 'alerts' });
  const books = new AlertBooks();
  let queue: Promise<void> = Promise.resolve();
  let isStopped = false;

  const load = (row: AlertRow) => {
    if (!row.firedAt)
      books.add({ id: row.id, symbol: row.symbol, direction: row.direction, priceMinor: row.priceMinor });
  };

  const fire = async (hit: AlertEntry, priceMinor: bigint) => {
    let row: AlertRow | undefined;
    try {
      row = await repo.fire(hit.id, priceMinor);
    } catch (error) {
      // Not fired: back in the books after a pause, so a later price fires it.
      log.warn({ err: error, alertId: hit.id }, 'firing an alert failed; it is watched again shortly');
      setTimeout(() => {
        if (!isStopped) books.add(hit);
      }, retryAfterMs).unref();
      return;
    }
    if (!row) return;
    const target = formatScaled(row.priceMinor, row.precision);
    const now = formatScaled(priceMinor, row.precision);
    const pair = displaySymbol(row.symbol);
    const message = PRICE_ALERT_TEXT[row.direction]
      .replace('{pair}', pair)
      .replace('{target}', target)
      .replace('{now}', now);
    await deps.notify(
      row.userId,
      'price_alert',
      { message, alertId: row.id, symbol: row.symbol, direction: row.direction, price: target, at: now },
      {
        email: (language) =>
          PRICE_ALERT_WORDS[language]({
            pair,
            direction: row.direction,
            target: formatMailFigure(target, language),
            now: formatMailFigure(now, language),
          }),
      },
    );
  };

  return {
    books,
    async start(): Promise<() => Promise<void>> {
      for (const row of await repo.waiting()) load(row);
      const off = await deps.bus.subscribe(ALERTS_CHANGED_CHANNEL, ({ id, isRemoved }) => {
        if (isRemoved) {
          books.remove(id);
          return;
        }
        queue = queue
          .then(async () => {
            const row = await repo.find(id);
            if (row) load(row);
          })
          .catch((error: unknown) => log.warn({ err: error }, 'loading an alert failed'));
      });
      log.info({ alerts: books.size }, 'price alerts loaded');
      return async () => {
        isStopped = true;
        await off();
        await queue;
      };
    },
    /** Called with every pair's new quote (minor units); alerts compare with the mid price. */
    onQuote(symbol: string, bid: number, ask: number): void {
      if (isStopped) return;
      const mid = (BigInt(bid) + BigInt(ask)) / 2n;
      for (const hit of books.cross(symbol, mid)) {
        queue = queue
          .then(() => fire(hit, mid))
          .catch((error: unknown) =>
            log.warn({ err: error, alertId: hit.id }, 'telling of a fired alert failed'),
          );
      }
    },
    settled: () => queue,
  };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;
