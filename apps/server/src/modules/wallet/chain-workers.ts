import { createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { TConfig } from '../../config';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import type { Worker } from '../../platform/worker';
import type { PriceBoard } from '../market/price-board';
import { pricePolicy } from '../market/price-sources';
import type { Notify } from '../notifications/notifications.service';
import type { SettingsService } from '../settings/settings.service';
import { EVM_NETWORKS, evmRpcUrl, hotWalletKey } from './chain-config';
import { createAccountWatcher, esploraSource, tronGridSource } from './sources/account-watcher';
import { createDepositSettler, pollingWorker } from './sources/chain-watcher';
import { createEvmSender } from './sources/evm-sender';
import { createEvmDepositWatcher } from './sources/evm-watcher';
import { createWalletRepository } from './wallet.repository';
import { createWalletNotices } from './wallet-notices';

/** How often each network is read. */
export const CHAIN_POLL_MS = 5_000;

/**
 * The `chain` role's workers: per configured network its deposit watcher and, with a hot key,
 * its withdrawal sender. Deposits are valued at the process's live prices.
 */
export function chainWorkers(deps: {
  config: TConfig;
  db: Database;
  logger: Logger;
  /** The process's live prices, from the market's ticks on the bus. */
  board: PriceBoard;
  settings: SettingsService;
  /** Deposits credited, withdrawals sent or failed reach their users through it. */
  notify: Notify;
}): Worker[] {
  const { config, db, logger, board: prices, settings } = deps;
  const repo = createWalletRepository(db);
  const notices = createWalletNotices(deps.notify);
  const settler = createDepositSettler({
    db,
    repo,
    settings,
    prices,
    pricePolicy: pricePolicy(config),
    logger,
    notices,
  });
  const key = hotWalletKey(config);
  const workers: Worker[] = [];
  for (const network of EVM_NETWORKS) {
    const url = evmRpcUrl(config, network);
    if (!url) continue;
    const client = createPublicClient({ transport: http(url), cacheTime: 0 });
    workers.push(
      pollingWorker(
        `deposits-${network}`,
        createEvmDepositWatcher({ network, client, db, repo, settler, logger }),
        CHAIN_POLL_MS,
        logger,
      ),
    );
    if (key) {
      const account = privateKeyToAccount(key);
      logger.info({ network, hotWallet: account.address }, 'withdrawals are sent from the hot wallet');
      workers.push(
        pollingWorker(
          `withdrawals-${network}`,
          createEvmSender({ network, client, account, db, repo, settings, logger, notices }),
          CHAIN_POLL_MS,
          logger,
        ),
      );
    }
  }
  const accountNetworks = [
    { network: 'tron', family: 'tron', url: config.TRON_API_URL, source: tronGridSource },
    { network: 'bitcoin', family: 'bitcoin', url: config.BITCOIN_API_URL, source: esploraSource },
  ] as const;
  for (const { network, family, url, source } of accountNetworks) {
    if (!url) continue;
    workers.push(
      pollingWorker(
        `deposits-${network}`,
        createAccountWatcher({ network, family, source: source(url), db, repo, settler, logger }),
        CHAIN_POLL_MS,
        logger,
      ),
    );
  }
  return workers;
}
