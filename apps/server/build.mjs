// Bundles the server into dist/main.js, and the backup command into dist/backup.js. Dependencies stay in
// node_modules; the workspace's own TypeScript (this app and @td/contracts) and drizzle-orm are
// compiled in (see COMPILED_IN).
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Dependencies compiled into the bundle rather than loaded from node_modules. drizzle-orm's
 * package.json maps 447 subpaths (179 kB), and Node 22 and 24 look it up again for each of the
 * modules drizzle-orm loads (nodejs/node#58126): a second of a start's CPU on Node 24, where Node
 * 20 spends none. Compiled in, nothing of it is resolved at run time.
 */
const COMPILED_IN = new Set(['drizzle-orm']);

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@td/') && !COMPILED_IN.has(name),
);

await build({
  entryPoints: { main: 'src/main.ts', backup: 'src/backup.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // A module imported with `import()` (the EVM workers) becomes a chunk of its own, loaded with
  // its dependencies only when it is first needed; code both entries share goes into chunks too.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
// The embedded database's thread is plain JavaScript loaded by path, beside the bundle.
copyFileSync(
  new URL('./src/platform/db/pglite-thread.mjs', import.meta.url),
  new URL('./dist/pglite-thread.mjs', import.meta.url),
);

// An initialised embedded database (PGlite's `initdb`, done once here, on a directory): a first
// start copies it instead of running `initdb` itself, which needs several hundred MiB more memory
// than the server ever uses afterwards. Made again only when the PGlite version changes; made
// beside its place and renamed into it, so an interrupted build leaves no half-made copy.
const { PGlite } = await import('@electric-sql/pglite');
const { existsSync, mkdirSync, renameSync, rmSync } = await import('node:fs');
const { fileURLToPath } = await import('node:url');
const { pgliteTemplateName } = await import('./pglite-template.mjs');
const templateDir = fileURLToPath(new URL(`./dist/${pgliteTemplateName()}`, import.meta.url));
if (!existsSync(templateDir)) {
  const staging = `${templateDir}.making`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const database = await PGlite.create({ dataDir: staging });
  await database.close();
  renameSync(staging, templateDir);
}
