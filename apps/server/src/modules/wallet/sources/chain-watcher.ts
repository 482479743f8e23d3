import type { TNetwork } from '@td/contracts/constants';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { Database } from '../../../platform/db/client';
import type { Logger } from '../../../platform/logger';
import type { Worker } from '../../../platform/worker';
import type { PricePolicy } from '../../market/price-sources';
import type { SettingsService } from '../../settings/settings.service';
import {
  type DepositAlerts,
  type ObservedTransfer,
  type TNotCreditedReason,
  transferOfDeposit,
} from '../deposit-alerts';
import { centsOfUnits, coinPrice, type PriceSource, rateText, valuationRules } from '../prices';
import type { WalletRepository } from '../wallet.repository';
import type { WalletTxRow } from '../wallet.schema';
import { readWalletSettings, usdCents, type WalletSettings } from '../wallet-config';
import { creditDeposit } from '../wallet-ledger';
import type { WalletNotices } from '../wallet-notices';

/** One pass over a network: read new blocks, then move pending deposits (or withdrawals) on. */
export interface ChainWatcher {
  network: TNetwork;
  tick(): Promise<void>;
}

/** Runs a watcher every `intervalMs` until stopped; one pass at a time, errors logged and retried. */
export function pollingWorker(
  name: string,
  watcher: ChainWatcher,
  intervalMs: number,
  logger: Logger,
): Worker {
  return {
    name,
    async start() {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<void> = Promise.resolve();
      const loop = () => {
        running = watcher
          .tick()
          .catch((error: unknown) => logger.warn({ err: error, worker: name }, 'chain pass failed; retrying'))
          .finally(() => {
            if (!stopped) timer = setTimeout(loop, intervalMs);
          });
      };
      loop();
      return async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        await running;
      };
    },
  };
}

export interface DepositSettlerDeps {
  db: Database;
  repo: WalletRepository;
  settings: SettingsService;
  prices: PriceSource;
  /** Which prices may value a deposit (live ones, or a demonstration's). */
  pricePolicy: PricePolicy;
  logger: Logger;
  notices: WalletNotices;
  /** Transfers seen and not credited reach the back-office through it. */
  alerts: DepositAlerts;
}

/**
 * What every network's deposit watcher does with a pending deposit once it knows the confirmations:
 * counts them, and at the network's number credits it once, in USD at the live price (or `minFail`
 * below the minimum, which staff are told of). The status change and the ledger posting share
 * one transaction.
 */
export function createDepositSettler(deps: DepositSettlerDeps) {
  const { db, repo, logger } = deps;
  return {
    readSettings: (): Promise<WalletSettings> => readWalletSettings(deps.settings),

    /** A transfer seen paying a customer and not credited: the back-office is told, once. */
    notCredited: (transfer: ObservedTransfer, reason: TNotCreditedReason): Promise<boolean> =>
      deps.alerts.notCredited(transfer, reason),

    async progress(row: WalletTxRow, confirmations: number, wallet: WalletSettings): Promise<void> {
      const network = row.network as TNetwork;
      const required = wallet.networks[network].confirmations;
      // Deposits paused (the `wallet` settings): counted, not credited; credited on the first pass
      // once they are on again.
      if (confirmations < required || !wallet.depositsEnabled) {
        if (confirmations !== row.confirmations || required !== row.requiredConfirmations)
          await repo.update(db, row.id, { confirmations, requiredConfirmations: required });
        return;
      }
      const rules = await valuationRules(deps.settings, deps.pricePolicy);
      const price = coinPrice(deps.prices, row.coin as never, rules);
      if (!price) {
        logger.warn({ deposit: row.id, coin: row.coin }, 'no fresh live price yet: the deposit waits');
        await repo.update(db, row.id, { confirmations, requiredConfirmations: required });
        return;
      }
      const cents = centsOfUnits(BigInt(row.coinUnits), row.coinDecimals, price);
      const isBelowMinimum = cents < usdCents(wallet.networks[network].minDeposit);
      const done = await db.transaction(async (tx) => {
        const locked = await repo.lock(tx, row.id, [PAYMENT_CODE.pending]);
        if (!locked) return undefined;
        const updated = await repo.update(tx, row.id, {
          status: isBelowMinimum ? PAYMENT_CODE.minimumFail : PAYMENT_CODE.confirmed,
          amountCents: cents,
          rate: rateText(price),
          confirmations,
          requiredConfirmations: required,
        });
        if (!isBelowMinimum) await creditDeposit(tx, updated, cents);
        return updated;
      });
      if (!done) return;
      logger.info({ deposit: row.id, status: done.status, cents: String(cents) }, 'deposit settled');
      if (done.status === PAYMENT_CODE.confirmed) await deps.notices.depositCredited(done);
      else await deps.alerts.notCredited(transferOfDeposit(done), 'below_minimum');
    },
  };
}
export type DepositSettler = ReturnType<typeof createDepositSettler>;
