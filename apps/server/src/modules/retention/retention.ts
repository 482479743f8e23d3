import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../../platform/db/client';
import type { Logger } from '../../platform/logger';
import { repeatRuns } from '../../platform/repeat';
import { DAY_MS, HOUR_MS } from '../../platform/time-units';
import type { Worker } from '../../platform/worker';
import { createTicketsRepository } from '../tickets/tickets.repository';
import { createOrdersRepository } from '../trading/orders.repository';
import { createWalletRepository } from '../wallet/wallet.repository';

/**
 * How long rows that nobody will read again are kept. A withdrawal quote never confirmed is dead
 * after its quote time (an hour at most), an image uploaded but never sent with a ticket is
 * abandoned after a day, and a rejected order stays in the user's history for 90 days. Rows that
 * something names (a ticket's link, a ledger transaction, a referral commission) are kept.
 */
export const RETENTION = {
  unconfirmedQuoteMs: DAY_MS,
  unsentAttachmentMs: DAY_MS,
  rejectedOrderMs: 90 * DAY_MS,
} as const;

/** Rows removed per transaction, and transactions per kind and run: the rest waits for the next run. */
export const RETENTION_BATCH_ROWS = 500;
export const RETENTION_BATCHES_PER_RUN = 20;
/** How often the job runs, and its first run after the role starts (not in the start's rush). */
const RUN_EVERY_MS = HOUR_MS;
const FIRST_RUN_DELAY_MS = 5 * 60_000;

export interface RetentionCounts {
  unconfirmedQuotes: number;
  unsentAttachments: number;
  rejectedOrders: number;
}

/**
 * Removes what grows without bound and is no longer used: unconfirmed withdrawal quotes, uploads
 * never sent with a ticket (row and file) and old rejected orders, in bounded batches. Runs in the
 * `chain` role (one process per deployment); its process must see the `api` processes' uploads
 * folder, as every `api` process must.
 */
export function createRetentionJob(deps: {
  db: Database;
  logger: Logger;
  attachmentsDir: string;
  batchRows?: number;
  batchesPerRun?: number;
}) {
  const batchRows = deps.batchRows ?? RETENTION_BATCH_ROWS;
  const batchesPerRun = deps.batchesPerRun ?? RETENTION_BATCHES_PER_RUN;
  const wallet = createWalletRepository(deps.db);
  const orders = createOrdersRepository(deps.db);
  const tickets = createTicketsRepository(deps.db);

  const removeFile = (file: string) => rm(join(deps.attachmentsDir, file), { force: true });

  /** Batches until one comes back short (nothing more is due) or the run's budget is spent. */
  const drain = async (batch: () => Promise<{ examined: number; removed: number }>) => {
    let removed = 0;
    for (let index = 0; index < batchesPerRun; index++) {
      const result = await batch();
      removed += result.removed;
      if (result.examined < batchRows) break;
    }
    return removed;
  };

  const runOnce = async (nowMs = Date.now()): Promise<RetentionCounts> => ({
    unconfirmedQuotes: await drain(() =>
      wallet.removeStaleQuotes(new Date(nowMs - RETENTION.unconfirmedQuoteMs), batchRows),
    ),
    unsentAttachments: await drain(() =>
      tickets.removeUnsentAttachments(new Date(nowMs - RETENTION.unsentAttachmentMs), batchRows, removeFile),
    ),
    rejectedOrders: await drain(() =>
      orders.removeOldRejected(new Date(nowMs - RETENTION.rejectedOrderMs), batchRows),
    ),
  });

  return {
    runOnce,
    /** Runs every hour until stopped; a failed run is logged and the next one tries again. */
    async start(): Promise<() => Promise<void>> {
      return repeatRuns({
        name: 'retention',
        run: async () => deps.logger.info(await runOnce(), 'retention: old rows removed'),
        logger: deps.logger,
        failure: 'retention run failed',
        firstDelayMs: FIRST_RUN_DELAY_MS,
        nextDelayMs: () => RUN_EVERY_MS,
      });
    },
  };
}

/** The retention job as the `chain` role runs it. */
export const retentionWorker = (deps: Parameters<typeof createRetentionJob>[0]): Worker => ({
  name: 'retention',
  start: () => createRetentionJob(deps).start(),
});
