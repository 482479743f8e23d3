// Runs once before the browser journeys: the built server migrates, seeds and writes the market's
// history into a data directory that each journey's server then copies rather than start empty.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the built server has migrated and seeded once; each journey starts on a copy. */
    dataTemplate: string;
  }
}

/** How long the template's server may take to write the market's history (about 15 s on two cores). */
const HISTORY_TIMEOUT_MS = 180_000;

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
  return () => rmSync(template, { recursive: true, force: true });
}
