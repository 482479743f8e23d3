/**
 * An EVM network's workers, in a module of their own: they bring the EVM client library, which
 * the chain role imports only when a network has a node (`chain-workers.ts`).
 */
import { createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import type { Worker } from '../../platform/worker';
import type { SettingsService } from '../settings/settings.service';
import type { EVM_NETWORKS } from './chain-config';
import { type createDepositSettler, pollingWorker } from './sources/chain-watcher';
import { createEvmSender } from './sources/evm-sender';
import { createEvmDepositWatcher } from './sources/evm-watcher';
import type { createWalletRepository } from './wallet.repository';
import type { createWalletNotices } from './wallet-notices';

interface EvmWorkerDeps {
  network: (typeof EVM_NETWORKS)[number];
  url: string;
  db: Database;
  repo: ReturnType<typeof createWalletRepository>;
  logger: Logger;
  pollMs: number;
}

const clientOf = (url: string) => createPublicClient({ transport: http(url), cacheTime: 0 });

export function evmDepositWorker(
  deps: EvmWorkerDeps & { settler: ReturnType<typeof createDepositSettler> },
): Worker {
  const { network, url, db, repo, settler, logger } = deps;
  return pollingWorker(
    `deposits-${network}`,
    createEvmDepositWatcher({ network, client: clientOf(url), db, repo, settler, logger }),
    deps.pollMs,
    logger,
  );
}

export function evmWithdrawalWorker(
  deps: EvmWorkerDeps & {
    hotWalletKey: `0x${string}`;
    settings: SettingsService;
    notices: ReturnType<typeof createWalletNotices>;
  },
): Worker {
  const { network, url, db, repo, settings, logger, notices } = deps;
  const account = privateKeyToAccount(deps.hotWalletKey);
  logger.info({ network, hotWallet: account.address }, 'withdrawals are sent from the hot wallet');
  return pollingWorker(
    `withdrawals-${network}`,
    createEvmSender({ network, client: clientOf(url), account, db, repo, settings, logger, notices }),
    deps.pollMs,
    logger,
  );
}
