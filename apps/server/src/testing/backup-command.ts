// Runs the built backup and restore commands in a child process as an operator would, for the
// tests of backing up and restoring a deployment.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertBundleCurrent } from './spawn-server';

const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Runs `npm run backup|restore -- <file>` as an operator would (the built `dist/backup.js`, which
 * must be built from the current source), with `env` only.
 */
export function backupCommand(
  command: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
): { status: number | null; output: string } {
  assertBundleCurrent();
  const result = spawnSync(process.execPath, ['dist/backup.js', command, file], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
