import { z } from 'zod/mini';
import { ZDecimalString } from './decimal';
import { ZSafeText } from './text';
import { LEVERAGE_MAX } from './trading';

/** How a client group's accounts are margined: each position alone, or all sharing the equity. */
export const MARGIN_MODES = ['isolated', 'cross'] as const;
export const ZMarginMode = z.enum(MARGIN_MODES);
export type TMarginMode = z.infer<typeof ZMarginMode>;

/** Margin levels in percent: 10 ≤ stop-out < margin call ≤ 1000. */
export const MARGIN_LEVEL_MIN = 10;
export const MARGIN_LEVEL_MAX = 1000;
/** The levels a new group gets for its mode unless it names its own. */
export const DEFAULT_LEVELS: Record<TMarginMode, { marginCallLevel: number; stopOutLevel: number }> = {
  isolated: { marginCallLevel: 50, stopOutLevel: 20 },
  cross: { marginCallLevel: 100, stopOutLevel: 50 },
};
/** A group's spread markup, in percent of the pair's spread, is at most this. */
export const SPREAD_MARKUP_MAX = '1000';
const GROUP_NAME_MAX = 60;

export const ASSET_CLASSES = ['crypto', 'forex', 'stocks'] as const;
export type TAssetClass = (typeof ASSET_CLASSES)[number];

const ZLevel = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .check(
      z.int(`${label} must be a whole number`),
      z.minimum(MARGIN_LEVEL_MIN, `${label} must be at least ${MARGIN_LEVEL_MIN}`),
      z.maximum(MARGIN_LEVEL_MAX, `${label} must be at most ${MARGIN_LEVEL_MAX}`),
    );
const ZMarkup = ZDecimalString('Spread markup', { scale: 2, max: SPREAD_MARKUP_MAX });
const ZGroupLeverage = z
  .number({ error: 'Max leverage must be a whole number' })
  .check(
    z.int('Max leverage must be a whole number'),
    z.minimum(1, 'Max leverage must be at least 1'),
    z.maximum(LEVERAGE_MAX, `Max leverage must be at most ${LEVERAGE_MAX}`),
  );
/** A fraction of the amount ("0.0005" = 0.05 %), as the trading settings write the opening fee. */
const ZFeeRate = z
  .string()
  .check(
    z.regex(
      /^(0(\.\d{1,6})?|1(\.0{1,6})?)$/,
      'Opening fee rate must be a fraction between 0 and 1 with at most 6 decimals',
    ),
  );
const ZGroupName = ZSafeText('Name', { min: 1, max: GROUP_NAME_MAX }).check(
  z.regex(/^[\p{L}\p{N} _.&()+-]+$/u, 'Name may only contain letters, digits, spaces and _ . & ( ) + -'),
);

export const ZPerClass = <T extends z.core.$ZodType>(value: T) =>
  z.object({ crypto: value, forex: value, stocks: value });

export const ZClientGroup = z.object({
  id: z.string(),
  name: z.string(),
  marginMode: ZMarginMode,
  marginCallLevel: z.number().check(z.int()),
  stopOutLevel: z.number().check(z.int()),
  /** Percent of the pair's spread added to it, per asset class ("25" = a quarter more). */
  spreadMarkup: ZPerClass(z.string()),
  /** The highest leverage per asset class, capped by each pair's own. */
  maxLeverage: ZPerClass(z.number().check(z.int())),
  /** The opening fee as a fraction of the amount; null: the platform's trading setting. */
  openingFeeRate: z.nullable(z.string()),
  swapFree: z.boolean(),
  isDefault: z.boolean(),
  /** How many users it holds. */
  users: z.number().check(z.int()),
  createdAt: z.string(),
});
export type TClientGroup = z.infer<typeof ZClientGroup>;

export const ZClientGroupUpdateRequest = z.object({
  name: z.optional(ZGroupName),
  marginMode: z.optional(ZMarginMode),
  marginCallLevel: z.optional(ZLevel('Margin call level')),
  stopOutLevel: z.optional(ZLevel('Stop-out level')),
  spreadMarkup: z.optional(z.partial(ZPerClass(ZMarkup))),
  maxLeverage: z.optional(z.partial(ZPerClass(ZGroupLeverage))),
  openingFeeRate: z.optional(z.nullable(ZFeeRate)),
  swapFree: z.optional(z.boolean()),
  /** Only `true`: a group stops being the default when another one becomes it. */
  isDefault: z.optional(z.literal(true, { error: 'Make another group the default instead' })),
});
export type TClientGroupUpdateRequest = z.input<typeof ZClientGroupUpdateRequest>;
export const ZClientGroupCreateRequest = z.extend(ZClientGroupUpdateRequest, {
  name: ZGroupName,
  marginMode: z._default(ZMarginMode, 'isolated'),
});
export type TClientGroupCreateRequest = z.input<typeof ZClientGroupCreateRequest>;

export const ZUserGroupRequest = z.object({ groupId: z.uuid('Not a group id') });

/** A user's group as the back-office shows it on the user's page. */
export const ZUserGroup = z.pick(ZClientGroup, { id: true, name: true, marginMode: true });

/** A loss beyond a balance that the house took over when a position closed. */
export const ZWriteOff = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  account: z.enum(['demo', 'real']),
  orderId: z.string(),
  symbol: z.string(),
  amount: z.string(),
  createdAt: z.string(),
});
export type TWriteOff = z.infer<typeof ZWriteOff>;
