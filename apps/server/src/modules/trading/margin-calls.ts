import type { TLanguageCode } from '@td/contracts/auth';
import { displaySymbol } from '@td/contracts/constants';
import { isAtOrBelow, marginLevel } from '@td/contracts/margin-level';
import { type TMarginCallEvent, ZMarginCallEvent } from '@td/contracts/stream';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { marginCalls } from '../groups/groups.schema';
import type { TBook } from '../ledger/ledger';
import type { LocalizedEmail, Notify } from '../notifications/notifications.service';

/** A margin call for the user's stream room (the stream sends it as the `marginCall` event). */
export const MARGIN_CALL_CHANNEL = defineChannel(
  'user.marginCall',
  z.object({ userId: z.string(), event: ZMarginCallEvent }),
);

/** The key of a call that stands for a whole `cross` account rather than one position. */
export const NO_POSITION = '';

/** The margin call's words: the notice (English, as the centre keeps it) and the e-mail per language. */
const CALL_TEXT = {
  cross: (level: string, stopOut: number) =>
    `Margin call: your margin level is ${level} %. At ${stopOut} % your positions are closed, the largest loss first. Add funds or close positions to avoid it; new orders are refused until the level recovers.`,
  isolated: (level: string, stopOut: number, pair: string) =>
    `Margin call on ${pair}: the position's margin level is ${level} %. At ${stopOut} % it is closed. Add margin to it or close it to avoid that.`,
} as const;

const callEmail =
  (event: TMarginCallEvent): LocalizedEmail =>
  (language: TLanguageCode) => {
    const pair = event.symbol ? displaySymbol(event.symbol) : '';
    const level = event.marginLevel;
    const stop = event.stopOutLevel;
    const account = event.account === 'demo' ? ' (demo)' : '';
    const words = {
      en: {
        subject: `Margin call${account}`,
        body:
          event.marginMode === 'cross' ? CALL_TEXT.cross(level, stop) : CALL_TEXT.isolated(level, stop, pair),
      },
      es: {
        subject: `Llamada de margen${account}`,
        body:
          event.marginMode === 'cross'
            ? `Llamada de margen: tu nivel de margen es ${level} %. Al ${stop} % se cierran tus posiciones, empezando por la de mayor pérdida. Añade fondos o cierra posiciones para evitarlo; las nuevas órdenes se rechazan hasta que el nivel se recupere.`
            : `Llamada de margen en ${pair}: el nivel de margen de la posición es ${level} %. Al ${stop} % se cierra. Añade margen o ciérrala para evitarlo.`,
      },
      ru: {
        subject: `Маржин-колл${account}`,
        body:
          event.marginMode === 'cross'
            ? `Маржин-колл: уровень маржи ${level} %. При ${stop} % позиции закрываются, начиная с самой убыточной. Пополните счёт или закройте позиции, чтобы этого избежать; новые ордера не принимаются, пока уровень не восстановится.`
            : `Маржин-колл по ${pair}: уровень маржи позиции ${level} %. При ${stop} % она будет закрыта. Добавьте маржу или закройте позицию, чтобы этого избежать.`,
      },
    }[language];
    return { subject: words.subject, paragraphs: [words.body] };
  };

/**
 * A margin call's details when equity stands at or below the margin-call level (undefined above
 * it), built only when a call is new; `position` for an `isolated` position's own call.
 */
export const callOf = (
  book: TBook,
  risk: { marginCallLevel: number; stopOutLevel: number },
  equity: bigint,
  margin: bigint,
  position?: { id: string; symbol: string },
) =>
  isAtOrBelow(equity, margin, risk.marginCallLevel)
    ? (): TMarginCallEvent & { levelBp: bigint } => ({
        account: book,
        marginMode: position ? 'isolated' : 'cross',
        orderId: position?.id ?? null,
        symbol: position?.symbol ?? null,
        marginLevel: marginLevel(equity, margin) ?? '0.00',
        marginCallLevel: risk.marginCallLevel,
        stopOutLevel: risk.stopOutLevel,
        // The level in basis points, as the row keeps it.
        levelBp: BigInt((marginLevel(equity, margin) ?? '0').replace('.', '')),
      })
    : undefined;

/**
 * A margin call's row in `margin_calls`, written once whichever process or restart sees the
 * crossing first, with the user told then (stream, notice, e-mail); deleted when the level recovers.
 */
export function createMarginCallRows(deps: {
  db: Database;
  bus: Bus;
  logger: Logger;
  notify?: Notify | undefined;
}) {
  const { db, logger: log } = deps;
  /** Writes the call once (a row) and, when this is the first, tells the user. */
  const warn = async (event: TMarginCallEvent & { userId: string; levelBp: bigint }) => {
    const { userId, levelBp, ...payload } = event;
    const [row] = await db
      .insert(marginCalls)
      .values({ userId, book: event.account, orderId: event.orderId, levelBp })
      .onConflictDoNothing()
      .returning({ id: marginCalls.id });
    if (!row) return;
    await deps.bus
      .publish(MARGIN_CALL_CHANNEL, { userId, event: payload })
      .catch((error: unknown) => log.warn({ err: error }, 'announcing a margin call failed'));
    const message =
      event.marginMode === 'cross'
        ? CALL_TEXT.cross(event.marginLevel, event.stopOutLevel)
        : CALL_TEXT.isolated(event.marginLevel, event.stopOutLevel, displaySymbol(event.symbol ?? ''));
    await deps.notify?.(
      userId,
      'margin_call',
      {
        message,
        account: event.account,
        orderId: event.orderId,
        symbol: event.symbol,
        marginLevel: event.marginLevel,
      },
      { email: callEmail(payload) },
    );
  };

  const clear = async (userId: string, book: TBook, orderId: string) => {
    await db
      .delete(marginCalls)
      .where(
        and(
          eq(marginCalls.userId, userId),
          eq(marginCalls.book, book),
          orderId === NO_POSITION ? isNull(marginCalls.orderId) : eq(marginCalls.orderId, orderId),
        ),
      );
  };
  /** The calls standing, as written (read when the monitor starts). */
  const standing = () =>
    db
      .select({ userId: marginCalls.userId, book: marginCalls.book, orderId: marginCalls.orderId })
      .from(marginCalls);

  return { warn, clear, standing };
}
