// Lists a folder's files for the repository's own checks (the module graph, the files' opening
// comments): every file below it, built output and installed packages left out, as paths relative
// to the repository's root.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every file under `dir` (relative to the root) whose path `accept` takes, `node_modules` and `dist` skipped. */
export function filesUnder(dir, accept) {
  const files = [];
  for (const entry of readdirSync(join(ROOT, dir))) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(join(ROOT, path)).isDirectory()) files.push(...filesUnder(path, accept));
    else if (accept(path)) files.push(path);
  }
  return files;
}
