import { markupQuote } from '@td/contracts/group-terms';
import { DEFAULT_LEVELS, type TMarginMode } from '@td/contracts/groups';
import { isAtOrBelow, marginLevel } from '@td/contracts/margin-level';
import { ORDER_CODE } from '@td/contracts/statuses';
import { closeSidePrice, liquidationPrice, pnlAt, type TSide } from '@td/contracts/trading-math';
import { eq, sql } from 'drizzle-orm';
import { users } from '../auth/auth.schema';
import { clientGroups } from '../groups/groups.schema';
import { balancesOf, type Executor, type TBook } from '../ledger/ledger';
import { ledgerAccounts } from '../ledger/ledger.schema';
import type { OrderRow } from './orders.repository';
import { orders } from './orders.schema';

/** What an account's client group says of its margin. */
export interface AccountRisk {
  marginMode: TMarginMode;
  marginCallLevel: number;
  stopOutLevel: number;
}

/** The rule of an account whose group cannot be read (none in a migrated database). */
export const FALLBACK_RISK: AccountRisk = { marginMode: 'isolated', ...DEFAULT_LEVELS.isolated };

/** The margin rules of a user's client group, read as they are now (levels apply at once). */
export async function riskOf(db: Executor, userId: string): Promise<AccountRisk> {
  const [row] = await db
    .select({
      marginMode: clientGroups.marginMode,
      marginCallLevel: clientGroups.marginCallLevel,
      stopOutLevel: clientGroups.stopOutLevel,
    })
    .from(users)
    .innerJoin(clientGroups, eq(clientGroups.id, users.groupId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? FALLBACK_RISK;
}

/**
 * A position's liquidation price under its account's rule: in `isolated` where its own level
 * (margin + PnL) ÷ margin × 100 reaches the stop-out level; none in `cross`, where the account's
 * level as a whole decides (the margin monitor).
 */
export function liquidationFor(
  risk: AccountRisk,
  side: TSide,
  amountCents: bigint,
  marginCents: bigint,
  entry: bigint,
): bigint | null {
  if (risk.marginMode === 'cross') return null;
  return liquidationPrice(side, amountCents, marginCents, entry, BigInt(risk.stopOutLevel));
}

/**
 * What a close pays into the cash (`payoutCents`: margin + PnL, negative in `cross` when the loss
 * takes cash too) and what the house writes off: the loss beyond the margin in `isolated`, beyond
 * margin and cash in `cross` (`availableCents`). No balance ever goes below zero.
 */
export function closeOutcome(
  marginCents: bigint,
  pnlCents: bigint,
  availableCents: bigint,
): { payoutCents: bigint; writeOffCents: bigint } {
  const owed = marginCents + pnlCents;
  if (owed + availableCents >= 0n) return { payoutCents: owed, writeOffCents: 0n };
  return { payoutCents: -availableCents, writeOffCents: -(owed + availableCents) };
}

type Quote = { bid: bigint; ask: bigint };

/**
 * A book's unrealised result at these quotes: each position's PnL at its own prices (the quote
 * widened by its group's markup; a position without a quote counts as flat) and the swaps it has
 * accumulated, which count in its PnL and the account's equity until the close settles them.
 */
export function unrealizedOf(
  positions: (Pick<OrderRow, 'side' | 'amountCents' | 'price' | 'symbol'> & {
    spreadMarkupBp?: number;
    swapCents?: bigint;
  })[],
  quoteOf: (symbol: string) => Quote | undefined,
): bigint {
  let total = 0n;
  for (const row of positions) {
    total += row.swapCents ?? 0n;
    const quote = quoteOf(row.symbol);
    if (!quote || row.price === null) continue;
    const seen = markupQuote(quote, row.spreadMarkupBp ?? 0);
    total += pnlAt(row.side, row.amountCents, row.price, closeSidePrice(row.side, seen));
  }
  return total;
}

/** An account as the margin monitor and the portfolio read it: its group's rule, its money, its swaps. */
export interface AccountState {
  risk: AccountRisk;
  cash: bigint;
  margin: bigint;
  /** The swaps accumulated on each open position, by position id. */
  swaps: Map<string, bigint>;
}

/**
 * {@link riskOf}, `balancesOf` and {@link swapsOf} in one statement: one visit to the database
 * (on the embedded one, one turn of its single thread) and one snapshot of the three.
 */
export async function accountStateOf(db: Executor, userId: string, book: TBook): Promise<AccountState> {
  const balanceOf = (kind: 'cash' | 'margin') =>
    sql<string>`(select coalesce(sum(${ledgerAccounts.balanceCents}), 0)::text from ${ledgerAccounts}
      where ${ledgerAccounts.userId} = ${userId} and ${ledgerAccounts.book} = ${book}
        and ${ledgerAccounts.kind} = ${kind})`;
  const [row] = await db
    .select({
      marginMode: clientGroups.marginMode,
      marginCallLevel: clientGroups.marginCallLevel,
      stopOutLevel: clientGroups.stopOutLevel,
      cash: balanceOf('cash'),
      margin: balanceOf('margin'),
      // As text, so that every driver hands it over alike: [[position id, swap cents], …].
      swaps: sql<string>`(select coalesce(json_agg(json_build_array(${orders.id}, ${orders.swapCents}::text)), '[]')::text
        from ${orders} where ${orders.userId} = ${userId} and ${orders.book} = ${book}
          and ${orders.status} = ${ORDER_CODE.active})`,
    })
    .from(users)
    .leftJoin(clientGroups, eq(clientGroups.id, users.groupId))
    .where(eq(users.id, userId))
    .limit(1);
  const risk =
    row?.marginMode && row.marginCallLevel !== null && row.stopOutLevel !== null
      ? { marginMode: row.marginMode, marginCallLevel: row.marginCallLevel, stopOutLevel: row.stopOutLevel }
      : FALLBACK_RISK;
  return {
    risk,
    cash: BigInt(row?.cash ?? 0),
    margin: BigInt(row?.margin ?? 0),
    swaps: new Map(
      (JSON.parse(row?.swaps ?? '[]') as Array<[string, string]>).map(([id, swap]) => [id, BigInt(swap)]),
    ),
  };
}

/**
 * Why a new order of a `cross` account is refused, if it is: the account stands at or below its
 * margin-call level, and an order would only add margin to it.
 */
export async function marginCallRefusal(
  db: Executor,
  userId: string,
  book: TBook,
  risk: AccountRisk,
  live: (userId: string, book: TBook) => Promise<OrderRow[]>,
  quoteOf: (symbol: string) => Quote | undefined,
): Promise<'margin_call' | undefined> {
  if (risk.marginMode !== 'cross') return undefined;
  const positions = (await live(userId, book)).filter((row) => row.status === 'act');
  if (positions.length === 0) return undefined;
  const { cash, margin } = await balancesOf(db, userId, book);
  const equity = cash + margin + unrealizedOf(positions, quoteOf);
  return isAtOrBelow(equity, margin, risk.marginCallLevel) ? 'margin_call' : undefined;
}

export { marginLevel };
