// The folder name of the initialised embedded database the build makes (see build.mjs), tied to the
// installed PGlite's version: a database initialised by one version is not opened by another.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function pgliteTemplateName() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (pkg.name === '@electric-sql/pglite') return `pgdata-template-${pkg.version}`;
    } catch {
      // Not the package's folder yet.
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the PGlite package');
    dir = parent;
  }
}
