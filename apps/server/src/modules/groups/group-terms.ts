import { formatScaled } from '@td/contracts/decimal';
import { ASSET_CLASS_OF, type TTradingTerms } from '@td/contracts/group-terms';
import type { TAssetClass } from '@td/contracts/groups';
import type { TPairType } from '@td/contracts/statuses';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../auth/auth.schema';
import type { Executor, NumberedSql } from '../ledger/ledger';
import { type AccountRisk, FALLBACK_RISK } from '../trading/account-risk';
import { clientGroups } from './groups.schema';

/** What a user's client group says of the prices, fee and leverage of their new orders. */
export interface GroupTerms {
  /** Hundredths of a percent of the pair's spread added to it, per asset class. */
  markupBp: Record<TAssetClass, number>;
  maxLeverage: Record<TAssetClass, number>;
  /** Parts per million of the amount; null: the platform's trading setting. */
  openingFeePpm: number | null;
}

/** The terms of a user whose group cannot be read (none in a migrated database): the pair's own. */
export const NO_TERMS: GroupTerms = {
  markupBp: { crypto: 0, forex: 0, stocks: 0 },
  maxLeverage: { crypto: 1000, forex: 1000, stocks: 1000 },
  openingFeePpm: null,
};

/**
 * Which version of which group a user's terms were read from: an order written with them holds
 * only while the user is still in that group and the group is unchanged (`termsHold`).
 */
export interface TermsStamp {
  groupId: string;
  /** The group row's `updated_at`, as the database's own text (exact to the microsecond). */
  version: string;
}

/** A user's group terms and margin rule, with where they were read from (null: no group). */
export interface AccountTerms {
  terms: GroupTerms;
  risk: AccountRisk;
  stamp: TermsStamp | null;
}

/**
 * A user's group terms and margin rule, read as they are now (one statement): an order placed
 * after a change follows the change.
 */
export async function accountTermsOf(db: Executor, userId: string): Promise<AccountTerms> {
  const [row] = await db
    .select({
      groupId: clientGroups.id,
      version: sql<string>`${clientGroups.updatedAt}::text`,
      marginMode: clientGroups.marginMode,
      marginCallLevel: clientGroups.marginCallLevel,
      stopOutLevel: clientGroups.stopOutLevel,
      markupCrypto: clientGroups.spreadMarkupCryptoBp,
      markupForex: clientGroups.spreadMarkupForexBp,
      markupStocks: clientGroups.spreadMarkupStocksBp,
      leverageCrypto: clientGroups.maxLeverageCrypto,
      leverageForex: clientGroups.maxLeverageForex,
      leverageStocks: clientGroups.maxLeverageStocks,
      openingFeePpm: clientGroups.openingFeePpm,
    })
    .from(users)
    .innerJoin(clientGroups, eq(clientGroups.id, users.groupId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return { terms: NO_TERMS, risk: FALLBACK_RISK, stamp: null };
  return {
    terms: {
      markupBp: { crypto: row.markupCrypto, forex: row.markupForex, stocks: row.markupStocks },
      maxLeverage: { crypto: row.leverageCrypto, forex: row.leverageForex, stocks: row.leverageStocks },
      openingFeePpm: row.openingFeePpm,
    },
    risk: {
      marginMode: row.marginMode,
      marginCallLevel: row.marginCallLevel,
      stopOutLevel: row.stopOutLevel,
    },
    stamp: { groupId: row.groupId, version: row.version },
  };
}

/**
 * The condition under which terms read earlier still hold, for an order's insert: the user is in
 * the stamped group and the group is unchanged. Both rows are held (`for key share`) until the
 * statement's transaction ends, so a change of the group or of the user's group (each takes its
 * rows `for update`) either waits for the order and re-levels it, or comes first and fails the
 * condition, which the database checks again on the changed rows. A boolean SQL expression.
 */
export const termsHold = (userId: string, stamp: TermsStamp): NumberedSql => ({
  text: (first) =>
    `exists (select 1 from users u join client_groups g on g.id = u.group_id where u.id = $${first}::uuid and g.id = $${first + 1}::uuid and g.updated_at = $${first + 2}::timestamptz for key share)`,
  params: [userId, stamp.groupId, stamp.version],
});

/** `termsHold` inside a transaction: checks it and holds both rows until the transaction ends. */
export async function holdTerms(tx: Executor, userId: string, stamp: TermsStamp): Promise<boolean> {
  const rows = await tx
    .select({ one: sql`1` })
    .from(users)
    .innerJoin(clientGroups, eq(clientGroups.id, users.groupId))
    .where(
      and(
        eq(users.id, userId),
        eq(clientGroups.id, stamp.groupId),
        sql`${clientGroups.updatedAt} = ${stamp.version}::timestamptz`,
      ),
    )
    .for('key share');
  return rows.length > 0;
}

/** A user's group terms, read as they are now. */
export const termsOf = async (db: Executor, userId: string): Promise<GroupTerms> =>
  (await accountTermsOf(db, userId)).terms;

/** The markup (hundredths of a percent) a user's group puts on pairs of this type. */
export const markupFor = (terms: GroupTerms, pairType: TPairType) => terms.markupBp[ASSET_CLASS_OF[pairType]];

/** The group's leverage cap for pairs of this type (the pair's own caps it further). */
export const groupLeverageFor = (terms: GroupTerms, pairType: TPairType) =>
  terms.maxLeverage[ASSET_CLASS_OF[pairType]];

/** The opening fee in parts per million: the group's, else the platform's. */
export const feePpmFor = (terms: GroupTerms, platformPpm: bigint) =>
  terms.openingFeePpm === null ? platformPpm : BigInt(terms.openingFeePpm);

/** The terms as the user reads them (GET /profile/trading-terms). */
export const toTermsDto = (terms: GroupTerms, platformPpm: bigint): TTradingTerms => ({
  spreadMarkup: {
    crypto: formatScaled(terms.markupBp.crypto, 2),
    forex: formatScaled(terms.markupBp.forex, 2),
    stocks: formatScaled(terms.markupBp.stocks, 2),
  },
  maxLeverage: terms.maxLeverage,
  openingFeeRate: formatScaled(feePpmFor(terms, platformPpm), 6),
});
