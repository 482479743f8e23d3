import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs `npm run backup|restore -- <file>` from source, as an operator would, with `env` only. */
export function backupCommand(
  command: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/backup.ts', command, file], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
