#!/usr/bin/env node
// Enforces the web app's import boundaries: imports flow app → features → domain → shared.
//   1. a feature never imports another feature (src/features/A → src/features/B);
//   2. a feature never imports the app layer (src/features → src/app);
//   3. the domain layer (trading, wallet, market, support: what several features share) never
//      imports a feature or the app (src/domain → src/features, src/app);
//   4. the shared layers never import upwards (src/components, src/lib → src/domain, src/features, src/app).
// Prints every offending import and exits 1, or exits 0 when all is well.
// Usage: node apps/web/scripts/check-imports.mjs
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const SOURCE_FILE = /\.(c|m)?(t|j)sx?$/;
// '@/...' is not configured today; mapping it keeps the check honest if an alias is added.
const SRC_ALIAS = '@/';

function listSourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSourceFiles(full);
    return SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Where a file sits: { layer: 'app' | 'features' | 'domain' | 'components' | 'lib' | 'other', feature? }. */
function zoneOf(file) {
  const relative = path.relative(SRC_DIR, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return { layer: 'outside' };
  const [layer, feature] = relative.split(path.sep);
  if (layer === 'features') return { layer, feature };
  if (layer === 'app' || layer === 'domain' || layer === 'components' || layer === 'lib') return { layer };
  return { layer: 'other' };
}

/** The file an import points to, or null for a package import. */
function resolveTarget(importer, specifier) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(importer), specifier);
  if (specifier.startsWith(SRC_ALIAS)) return path.join(SRC_DIR, specifier.slice(SRC_ALIAS.length));
  return null;
}

function violationOf(from, to) {
  if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature) {
    return `feature '${from.feature}' imports feature '${to.feature}'`;
  }
  if (from.layer === 'features' && to.layer === 'app') return 'a feature imports the app layer';
  if (from.layer === 'domain' && (to.layer === 'features' || to.layer === 'app')) {
    return `src/domain imports src/${to.layer}`;
  }
  if (
    (from.layer === 'components' || from.layer === 'lib') &&
    (to.layer === 'domain' || to.layer === 'features' || to.layer === 'app')
  ) {
    return `src/${from.layer} imports src/${to.layer}`;
  }
  return null;
}

const offenders = [];
for (const file of listSourceFiles(SRC_DIR)) {
  const source = readFileSync(file, 'utf8');
  // preProcessFile finds static imports, re-exports and dynamic import() calls, skipping comments.
  const { importedFiles } = ts.preProcessFile(source, true, true);
  for (const { fileName: specifier, pos } of importedFiles) {
    const target = resolveTarget(file, specifier);
    if (!target) continue;
    const reason = violationOf(zoneOf(file), zoneOf(target));
    if (!reason) continue;
    const line = source.slice(0, pos).split('\n').length;
    offenders.push(`${path.relative(process.cwd(), file)}:${line}  '${specifier}'  (${reason})`);
  }
}

if (offenders.length > 0) {
  console.error(`Import boundary violations (${offenders.length}):`);
  for (const offender of offenders) console.error(`  ${offender}`);
  process.exit(1);
}
console.log('Import boundaries: OK');
