import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteTemplateName } from '../../pglite-template.mjs';

/**
 * The server package's folder, found from this file whether it runs from source (src/…) or from
 * the bundle (dist/main.js): migrations, assets and the built web app are found from here.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'drizzle')) && existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the server package folder');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
export const ASSETS_DIR = join(SERVER_ROOT, 'assets');
export const WEB_DIST_DIR = join(SERVER_ROOT, '..', 'web', 'dist');
/** The initialised embedded database the build makes (absent when running from source unbuilt). */
export const PGLITE_TEMPLATE = join(SERVER_ROOT, 'dist', pgliteTemplateName());
