// Bundles the server into dist/main.js, and the backup command into dist/backup.js. Dependencies stay in node_modules; only the workspace's own
// TypeScript (this app and @td/contracts) is compiled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@td/'),
);

await build({
  entryPoints: { main: 'src/main.ts', backup: 'src/backup.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
