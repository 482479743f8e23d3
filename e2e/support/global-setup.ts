// Runs once before the browser journeys: the built server migrates, seeds and writes the market's
// history into a data directory that each journey's server then copies rather than start empty.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, type TServerRecord } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the built server has migrated and seeded once; each journey starts on a copy. */
    dataTemplate: string;
    /** Where each worker's shared server leaves its record (journey.ts, `isShared`). */
    sharedServerRecords: string;
  }
}

/** How long the template's server may take to write the market's history (about 15 s on two cores). */
const HISTORY_TIMEOUT_MS = 180_000;
/** How long a left shared server may take to stop before it is killed. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * Runs once before the browser journeys: the built server starts on an empty data directory (every
 * migration, the seeded pairs), writes the market's history, stops, and leaves that directory as the template each journey's
 * server copies, so the journeys' servers do not each migrate from nothing.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const template = mkdtempSync(join(tmpdir(), 'td-e2e-template-'));
  const server = await startServer({ dataDir: template, env: { LOG_LEVEL: 'info' } });
  // The market's history is written after /health answers, a pair at a time: the template keeps
  // all of it, so no journey's server writes it again (nor draws a chart of a pair still without it).
  const deadline = Date.now() + HISTORY_TIMEOUT_MS;
  while (!server.output().includes('market history ready')) {
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the template's market history was not ready within ${HISTORY_TIMEOUT_MS} ms`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  await server.stop();
  project.provide('dataTemplate', template);
  const records = mkdtempSync(join(tmpdir(), 'td-e2e-shared-'));
  project.provide('sharedServerRecords', records);
  return async () => {
    await stopLeftServers(records);
    rmSync(records, { recursive: true, force: true });
    rmSync(template, { recursive: true, force: true });
  };
}

/** Whether the process `pid` still runs. */
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops the shared servers the workers left running (a worker ends without waiting for its
 * server's exit), each within a bounded wait, and removes their data directories.
 */
async function stopLeftServers(records: string): Promise<void> {
  const left = readdirSync(records).map(
    (file) => JSON.parse(readFileSync(join(records, file), 'utf8')) as TServerRecord,
  );
  for (const { pid } of left) if (isRunning(pid)) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (left.some(({ pid }) => isRunning(pid)) && Date.now() < deadline)
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  for (const { pid, dataDir } of left) {
    if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
