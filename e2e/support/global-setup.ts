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

/**
 * Runs once before the browser journeys: the built server starts on an empty data directory (every
 * migration, the seeded pairs), stops, and leaves that directory as the template each journey's
 * server copies, so the sixteen servers do not each migrate from nothing.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const template = mkdtempSync(join(tmpdir(), 'td-e2e-template-'));
  const server = await startServer({ dataDir: template });
  await server.stop();
  project.provide('dataTemplate', template);
  return () => rmSync(template, { recursive: true, force: true });
}
