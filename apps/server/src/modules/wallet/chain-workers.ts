import type { TConfig } from '../../config';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import type { Worker } from '../../platform/worker';
import type { PriceBoard } from '../market/price-board';
import { pricePolicy } from '../market/price-sources';
import type { Notify } from '../notifications/notifications.service';
import type { SettingsService } from '../settings/settings.service';
import { evmNodes, hotWalletKey } from './chain-config';
import { createDepositAlerts } from './deposit-alerts';
import { createAccountWatcher } from './sources/account-watcher';
import { createDepositSettler, pollingWorker } from './sources/chain-watcher';
import { esploraSource } from './sources/esplora-source';
import { tronGridSource } from './sources/tron-grid-source';
import { createWalletRepository } from './wallet.repository';
import { createWalletNotices } from './wallet-notices';

/** How often each network is read. */
export const CHAIN_POLL_MS = 5_000;

/**
 * A worker whose module is imported when it starts: the EVM workers bring the EVM client library,
 * which a process whose networks have no node never loads.
 */
function deferredWorker(name: string, load: () => Promise<Worker>): Worker {
  return {
    name,
    async start() {
      return (await load()).start();
    },
  };
}

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
    alerts: createDepositAlerts({ db, notify: deps.notify, logger }),
  });
  const nodes = evmNodes(config);
  // Derived only when a node would send with it (deriving it takes a tenth of a second).
  const key = nodes.length > 0 ? hotWalletKey(config) : undefined;
  const workers: Worker[] = [];
  for (const { network, url } of nodes) {
    const evm = { network, url, db, repo, logger, pollMs: CHAIN_POLL_MS };
    workers.push(
      deferredWorker(`deposits-${network}`, async () =>
        (await import('./evm-workers')).evmDepositWorker({ ...evm, settler }),
      ),
    );
    if (key)
      workers.push(
        deferredWorker(`withdrawals-${network}`, async () =>
          (await import('./evm-workers')).evmWithdrawalWorker({
            ...evm,
            hotWalletKey: key,
            settings,
            notices,
          }),
        ),
      );
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
