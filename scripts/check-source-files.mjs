// Checks the source files a person reads: each begins by saying what it is for (its first line is a
// comment, or the first thing after its imports is one: the doc comment of the file's first
// declaration; tests are left out, their `describe` names say it), and none, tests included, is
// longer than 400 lines (a longer one is split by what it does). Prints each file that fails and
// exits 1, or exits 0. Run by `npm run lint`. Usage: node scripts/check-source-files.mjs
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { filesUnder, ROOT } from './source-files.mjs';

const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/web/src',
  'apps/web/scripts',
  'packages/contracts/src',
  'packages/sdk/src',
  'bench',
  'e2e',
  'scripts',
];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs)$/;
const LINES_MAX = 400;
const TEST_FILE = /\.(test|spec)\.tsx?$|\.d\.ts$/;
const COMMENT = /^(\/\/|\/\*)/;
/** A line that closes an import or re-export statement: it ends with the module's quoted name. */
const ENDS_WITH_MODULE = /['"];?$/;
const IMPORT_START = /^(import\s|export\s+(type\s+)?(\*|\{[^}]*\}?)\s*(from\s|$))/;

/** Whether the text opens with a comment, before its imports or as the first thing after them. */
function beginsWithPurpose(text) {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#!'));
  if (lines.length === 0) return true;
  if (COMMENT.test(lines[0])) return true;
  let inImport = false;
  for (const line of lines) {
    if (inImport) {
      if (ENDS_WITH_MODULE.test(line)) inImport = false;
      continue;
    }
    if (IMPORT_START.test(line)) {
      if (!ENDS_WITH_MODULE.test(line)) inImport = true;
      continue;
    }
    return COMMENT.test(line);
  }
  return true;
}

const isSource = (path) => SOURCE_FILE.test(path) && !TEST_FILE.test(path);
const isDeclarations = (path) => path.endsWith('.d.ts');

const files = SOURCE_ROOTS.flatMap((root) => filesUnder(root, (path) => SOURCE_FILE.test(path))).map(
  (path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }),
);
const missing = files
  .filter(({ path, text }) => isSource(path) && !beginsWithPurpose(text))
  .map(({ path }) => path);
const long = files
  .filter(({ path }) => !isDeclarations(path))
  .map(({ path, text }) => ({ path, lines: text.split('\n').length - 1 }))
  .filter(({ lines }) => lines > LINES_MAX);
if (missing.length > 0) {
  console.error('These source files do not begin by saying what they are for (a comment first):');
  for (const path of missing) console.error(`  ${relative(ROOT, join(ROOT, path))}`);
}
if (long.length > 0) {
  console.error(`These source files are longer than ${LINES_MAX} lines (split each by what it does):`);
  for (const { path, lines } of long) console.error(`  ${path} (${lines} lines)`);
}
if (missing.length > 0 || long.length > 0) process.exit(1);
