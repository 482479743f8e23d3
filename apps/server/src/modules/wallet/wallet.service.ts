import { COIN_LABEL, NETWORK_LABEL, type TCoin, type TNetwork } from '@td/contracts/constants';
import { formatScaled } from '@td/contracts/decimal';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import {
  explorerTxUrl,
  FAMILY_OF_NETWORK,
  QUOTE_EXPIRED_MESSAGE,
  type TConfirmWithdrawalRequest,
  type TWalletAddress,
  type TWalletTransaction,
  type TWithdrawalQuote,
  type ZWalletTransactionsQuery,
  type ZWithdrawRequest,
} from '@td/contracts/wallet';
import { ADDRESS_HINT } from '@td/contracts/wallet-address';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { DAY_MS } from '../../platform/time-units';
import type { UserRow } from '../auth/auth.repository';
import type { AuthEmail, Recipient } from '../auth/auth-emails';
import { withdrawalCodeEmail } from '../auth/withdrawal-emails';
import { bonusOf, lockOutstandingBonus } from '../ledger/bonus';
import { balancesOf, cash, InsufficientFundsError, lockBalance, type Tx } from '../ledger/ledger';
import type { PricePolicy } from '../market/price-sources';
import type { SettingsService } from '../settings/settings.service';
import { ADDRESS_CHECKS, checksumEvmAddress } from './addresses';
import type { AddressDeriver } from './hd';
import { coinPrice, type PriceSource, rateText, unitsOfCents, valuationRules } from './prices';
import type { WalletRepository } from './wallet.repository';
import type { WalletTxRow } from './wallet.schema';
import { coinCatalogue, coinDecimals, readWalletSettings, usdCents } from './wallet-config';
import { endWithRefund, holdWithdrawal } from './wallet-ledger';

/** Decimals of a coin amount sent and shown. */
const DISPLAY_DECIMALS_MAX = 8;
const PERIOD_DAYS: Record<string, number | undefined> = { all: undefined, '1Y': 365, '1M': 30, '1W': 7 };

/** What the wallet needs of the auth module: e-mailed codes and the second factor. */
export interface WalletAuth {
  sendActionCode(
    user: UserRow,
    action: { purpose: 'withdrawal'; subject: string; mail: (code: string, to: Recipient) => AuthEmail },
  ): Promise<void>;
  checkActionCode(userId: string, purpose: 'withdrawal', code: string, subject: string): Promise<void>;
  checkSecondFactor(user: UserRow, code: string): Promise<boolean>;
  /** Counts one attempt at an action's codes, per account and address; past the limit, a 429. */
  limitActionCheck(userId: string, addressKey: string): Promise<void>;
}

export interface WalletServiceDeps {
  db: Database;
  repo: WalletRepository;
  deriver: AddressDeriver;
  settings: SettingsService;
  prices: PriceSource;
  /** Which prices may value a withdrawal (live ones, or a demonstration's). */
  pricePolicy: PricePolicy;
  auth: WalletAuth;
  /** Withdrawals need a verified identity (level 2), within its daily limit. */
  identity: {
    requireWithdrawal: (userId: string) => Promise<void>;
    /** Inside the holding transaction: the level and the daily limit, on the account as locked. */
    checkWithdrawal: (tx: Tx, userId: string, amountCents: bigint) => Promise<void>;
  };
  logger: Logger;
  /** Networks whose deposits are watched (a node or API is configured). */
  depositNetworks: ReadonlySet<TNetwork>;
}

export const cents = (value: bigint | null) => (value === null ? null : formatScaled(value, 2));
/** A coin amount without trailing zeros: 0.1 ETH, not 0.100000000000000000. */
export const coinText = (units: bigint | string, decimals: number) =>
  formatScaled(BigInt(units), decimals)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');

/** The `wallet.withdrawalsEnabled` setting is off: no withdrawal is taken until it is on again. */
export const WITHDRAWALS_PAUSED_MESSAGE = 'Withdrawals are paused at the moment. Please try again later';
const withdrawalsPaused = () => conflict(WITHDRAWALS_PAUSED_MESSAGE);

/**
 * A quote holds its rate until its expiry only, so no one can collect quotes and confirm the one
 * the market later made best. One without an expiry (priced before quotes expired) is expired.
 */
export const isQuoteExpired = (row: WalletTxRow, nowMs = Date.now()) =>
  row.quoteExpiresAt === null || row.quoteExpiresAt.getTime() <= nowMs;
const quoteExpired = () => conflict(QUOTE_EXPIRED_MESSAGE);

export function toWalletTxDto(row: WalletTxRow): TWalletTransaction {
  return {
    id: row.id,
    kind: row.kind,
    coin: row.coin as TWalletTransaction['coin'],
    network: row.network as TNetwork,
    address: row.address,
    coinAmount: coinText(row.coinUnits, row.coinDecimals),
    amount: cents(row.amountCents),
    fee: cents(row.feeCents),
    status: row.status as TWalletTransaction['status'],
    txHash: row.txHash,
    explorerUrl: row.txHash ? explorerTxUrl(row.network as TNetwork, row.txHash) : null,
    confirmations: row.confirmations,
    requiredConfirmations: row.requiredConfirmations,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toQuoteDto(row: WalletTxRow, isTfaRequired: boolean): TWithdrawalQuote {
  const amount = row.amountCents ?? 0n;
  const fee = row.feeCents ?? 0n;
  return {
    id: row.id,
    coin: row.coin as TCoin,
    network: row.network as TNetwork,
    address: row.address,
    amount: formatScaled(amount, 2),
    fee: formatScaled(fee, 2),
    receive: coinText(row.coinUnits, row.coinDecimals),
    rate: row.rate ?? '0',
    status: row.status as TWithdrawalQuote['status'],
    isTfaRequired,
    expiresAt: (row.quoteExpiresAt ?? row.createdAt).toISOString(),
  };
}

export function createWalletService(deps: WalletServiceDeps) {
  const { db, repo, deriver, logger } = deps;
  if (deriver.isDevelopment) {
    logger.warn(
      'WALLET: deposit addresses come from the built-in DEVELOPMENT mnemonic, which is public. Never send real funds to them; set WALLET_XPUB in production',
    );
  }

  const ownWithdrawal = async (userId: string, id: string) => {
    const row = await repo.find(id);
    if (!row || row.userId !== userId || row.kind !== 'withdrawal') throw notFound('Withdrawal not found');
    return row;
  };

  /** Why a withdrawal waits for an administrator, if it must. */
  const reviewReason = async (user: UserRow, row: WalletTxRow): Promise<string | undefined> => {
    const wallet = await readWalletSettings(deps.settings);
    const now = Date.now();
    if ((row.amountCents ?? 0n) > usdCents(wallet.reviewAbove)) return 'Amount above the review threshold';
    const recent = (at: Date | null) => at !== null && now - at.getTime() < DAY_MS;
    if (recent(user.passwordChangedAt)) return 'Password changed in the last 24 hours';
    if (recent(user.tfaChangedAt)) return 'Two-factor changed in the last 24 hours';
    const firstUse = await repo.firstUseOf(user.id, row.network, row.address);
    if (!firstUse || now - firstUse.getTime() < DAY_MS) return 'New withdrawal address';
    return undefined;
  };

  return {
    async coins() {
      const wallet = await readWalletSettings(deps.settings);
      return coinCatalogue(wallet, {
        watched: (network) => deps.depositNetworks.has(network),
        deposit: (network) => wallet.depositsEnabled && deps.depositNetworks.has(network),
        withdraw: () => wallet.withdrawalsEnabled,
      });
    },

    /** The user's deposit address on a network: derived once, the same on every call. */
    async address(userId: string, coin: TCoin, network: TNetwork): Promise<TWalletAddress> {
      const family = FAMILY_OF_NETWORK[network];
      let row = await repo.findAddress(userId, family);
      if (!row) {
        const index = await repo.derivationIndex(userId);
        const derived = deriver.address(family, index);
        await repo.insertAddress({
          userId,
          family,
          derivationIndex: index,
          address: family === 'evm' ? derived.toLowerCase() : derived,
        });
        row = await repo.findAddress(userId, family);
        if (!row) throw new Error('wallet address row missing');
        return { address: derived, coin, network };
      }
      // The address as handed out, whatever key is configured now; EVM ones with their checksum.
      const address = family === 'evm' ? checksumEvmAddress(row.address) : row.address;
      return { address, coin, network };
    },

    async transactions(userId: string, query: z.output<typeof ZWalletTransactionsQuery>) {
      const days = PERIOD_DAYS[query.period];
      const { items, total } = await repo.list(
        {
          userId,
          kind: query.kind,
          status: query.status,
          network: query.network,
          since: days === undefined ? undefined : new Date(Date.now() - days * DAY_MS),
        },
        query.page,
        query.limit,
      );
      return { items: items.map(toWalletTxDto), page: query.page, limit: query.limit, total };
    },

    async addressBook(userId: string) {
      const rows = await repo.addressBookOf(userId);
      return rows.map((row) => ({
        address: row.address,
        network: row.network as TNetwork,
        coin: row.coin as TCoin,
        lastUsed: new Date(row.lastUsed).toISOString(),
      }));
    },

    /** Step 1: checks everything and prices the withdrawal; nothing is held yet. */
    async createWithdrawal(user: UserRow, input: z.output<typeof ZWithdrawRequest>) {
      const family = FAMILY_OF_NETWORK[input.network];
      const field = (name: string, message: string) =>
        badRequest(message, [{ field: `body.${name}`, message }]);
      if (!ADDRESS_CHECKS[family](input.address)) throw field('address', ADDRESS_HINT[family]);
      const wallet = await readWalletSettings(deps.settings);
      if (!wallet.withdrawalsEnabled) throw withdrawalsPaused();
      await deps.identity.requireWithdrawal(user.id);
      const settings = wallet.networks[input.network];
      const amount = usdCents(input.amount);
      const min = usdCents(settings.minWithdraw);
      const max = usdCents(settings.maxWithdraw);
      const fee = usdCents(settings.fee);
      if (amount < min) throw field('amount', `The minimum withdrawal is ${settings.minWithdraw} USD`);
      if (amount > max) throw field('amount', `The maximum withdrawal is ${settings.maxWithdraw} USD`);
      if (amount <= fee) throw field('amount', `The amount must be above the ${settings.fee} USD fee`);
      // A bonus counts for margin but is not withdrawable: checked again, locked, when held.
      const balances = await balancesOf(db, user.id, 'real');
      const holdings = balances.cash + balances.margin;
      const bonus = await bonusOf(db, user.id, 'real');
      const free = balances.cash - (bonus < holdings ? bonus : holdings > 0n ? holdings : 0n);
      if (amount > free)
        throw field(
          'amount',
          `Not enough free balance: ${formatScaled(free > 0n ? free : 0n, 2)} USD available`,
        );
      // Said now rather than after the codes; checked again, as locked, when the funds are held.
      await db.transaction((tx) => deps.identity.checkWithdrawal(tx, user.id, amount));
      const price = coinPrice(deps.prices, input.coin, await valuationRules(deps.settings, deps.pricePolicy));
      if (!price)
        throw new AppError('UNAVAILABLE', 'No live price for this coin right now. Try again shortly');
      const decimals = coinDecimals(input.coin, input.network);
      // What is sent is what the review shows: at most 8 decimals of the coin, rounded down.
      const step = decimals > DISPLAY_DECIMALS_MAX ? 10n ** BigInt(decimals - DISPLAY_DECIMALS_MAX) : 1n;
      const units = (unitsOfCents(amount - fee, decimals, price) / step) * step;
      if (units <= 0n) throw field('amount', 'The amount is too small to send');
      const row = await repo.insert({
        userId: user.id,
        kind: 'withdrawal',
        coin: input.coin,
        network: input.network,
        address: input.address,
        coinUnits: units.toString(),
        coinDecimals: decimals,
        amountCents: amount,
        feeCents: fee,
        rate: rateText(price),
        status: PAYMENT_CODE.pending,
        requiredConfirmations: settings.confirmations,
        quoteExpiresAt: new Date(Date.now() + wallet.quoteTtlSeconds * 1000),
      });
      return toQuoteDto(row, user.tfaEnabled);
    },

    /** Step 2 confirmed: a 6-digit code to the user's mailbox. */
    async requestCode(user: UserRow, id: string): Promise<void> {
      const row = await ownWithdrawal(user.id, id);
      if (row.status !== PAYMENT_CODE.pending)
        throw conflict('This withdrawal is no longer waiting for a code');
      if (isQuoteExpired(row)) throw quoteExpired();
      await deps.auth.sendActionCode(user, {
        purpose: 'withdrawal',
        subject: id,
        mail: (code, to) =>
          withdrawalCodeEmail({
            ...to,
            code,
            amount: formatScaled(row.amountCents ?? 0n, 2),
            coin: COIN_LABEL[row.coin as TCoin],
            network: NETWORK_LABEL[row.network as TNetwork],
            address: row.address,
          }),
      });
    },

    /** Step 3: the codes, then the funds are held and the withdrawal goes on (or to review). */
    async confirm(user: UserRow, id: string, input: TConfirmWithdrawalRequest, client: { limitKey: string }) {
      // Both codes are guessable (the authenticator's has no tries of its own): limited first.
      await deps.auth.limitActionCheck(user.id, client.limitKey);
      const row = await ownWithdrawal(user.id, id);
      if (row.status !== PAYMENT_CODE.pending)
        throw conflict('This withdrawal is no longer waiting for a code');
      if (isQuoteExpired(row)) throw quoteExpired();
      if (!(await readWalletSettings(deps.settings)).withdrawalsEnabled) throw withdrawalsPaused();
      if (user.tfaEnabled) {
        const message = 'Enter the code from your authenticator app';
        if (!input.tfaCode) throw badRequest(message, [{ field: 'body.tfaCode', message }]);
        if (!(await deps.auth.checkSecondFactor(user, input.tfaCode))) {
          const wrong = 'The authenticator code is incorrect';
          throw badRequest(wrong, [{ field: 'body.tfaCode', message: wrong }]);
        }
      }
      await deps.auth.checkActionCode(user.id, 'withdrawal', input.emailCode, id);
      const reason = await reviewReason(user, row);
      try {
        const updated = await db.transaction(async (tx) => {
          const locked = await repo.lock(tx, id, [PAYMENT_CODE.pending], user.id);
          if (!locked) throw conflict('This withdrawal is no longer waiting for a code');
          const heldAt = new Date();
          // Checked again as held: the codes took time, and the rate holds until the expiry only.
          if (isQuoteExpired(locked, heldAt.getTime())) throw quoteExpired();
          await deps.identity.checkWithdrawal(tx, user.id, locked.amountCents ?? 0n);
          // The outstanding bonus stays: read with the cash row locked, so no movement comes between.
          const bonus = await lockOutstandingBonus(tx, user.id, 'real');
          if (bonus > 0n) {
            const free = (await lockBalance(tx, cash(user.id, 'real'))) - bonus;
            if ((locked.amountCents ?? 0n) > free) {
              const message = `Not enough withdrawable balance: ${formatScaled(free > 0n ? free : 0n, 2)} USD available (a bonus of ${formatScaled(bonus, 2)} USD is not withdrawable)`;
              throw badRequest(message, [{ field: 'body.amount', message }]);
            }
          }
          const next = await repo.update(tx, id, {
            status: reason ? PAYMENT_CODE.underReview : PAYMENT_CODE.processing,
            reason: reason ?? null,
            heldAt,
          });
          await holdWithdrawal(tx, next);
          return next;
        });
        logger.info({ withdrawal: id, status: updated.status, reason }, 'withdrawal confirmed');
        return toWalletTxDto(updated);
      } catch (error) {
        if (error instanceof InsufficientFundsError) {
          const message = 'Not enough free balance for this withdrawal';
          throw badRequest(message, [{ field: 'body.amount', message }]);
        }
        throw error;
      }
    },

    /** Before it is sent, the user may take it back: `cnc`, funds returned. */
    async cancel(userId: string, id: string) {
      await ownWithdrawal(userId, id);
      const row = await endWithRefund(db, repo, id, PAYMENT_CODE.cancelled, {
        from: [PAYMENT_CODE.pending, PAYMENT_CODE.processing, PAYMENT_CODE.underReview],
        userId,
      });
      if (!row) throw conflict('This withdrawal is already being sent and can no longer be cancelled');
      return toWalletTxDto(row);
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
