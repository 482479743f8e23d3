// Reads the import statements of every source file (tests left out) and answers two questions:
// which file imports form a circle (a loop of files that import each other, which makes start-up
// order fragile and a module impossible to read alone), and which module depends on which (the
// server's `modules/*` and `platform/*`, the web app's `features/*`, `domain/*`, `lib` and
// `components`, and the packages). `--write` puts the module graph as a Mermaid diagram into
// docs/ARCHITECTURE.md between its markers; `--check` (run by `npm run lint`) fails when a circle
// exists or the diagram in the document differs from the code's.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnder, ROOT } from './source-files.mjs';

const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contracts/src', 'packages/sdk/src'];
const DOC = join(ROOT, 'docs/ARCHITECTURE.md');
const START = '<!-- module-graph:start (scripts/module-graph.mjs --write) -->';
const END = '<!-- module-graph:end -->';
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js'];
const IS_TEST = /\.(test|int\.test|pg\.test|proc\.test|bench)\.tsx?$|\/testing\/|\/chaos\//;
/** Package names of the workspace, to the folder their `src` lives in. */
const PACKAGES = { '@td/contracts': 'packages/contracts/src', '@td/sdk': 'packages/sdk/src' };

const isSource = (path) => /\.(ts|tsx)$/.test(path) && !path.endsWith('.d.ts') && !IS_TEST.test(`/${path}`);

/** The file an import specifier names, or undefined for an npm package. */
function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else {
    const name = Object.keys(PACKAGES).find((pkg) => specifier === pkg || specifier.startsWith(`${pkg}/`));
    if (!name) return undefined;
    base = join(PACKAGES[name], specifier.slice(name.length) || 'index');
  }
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => stem + ext),
    ...EXTENSIONS.map((ext) => join(stem, `index${ext}`)),
  ];
  return candidates.find(
    (candidate) => existsSync(join(ROOT, candidate)) && statSync(join(ROOT, candidate)).isFile(),
  );
}

/** Static imports and re-exports that load code (type-only imports are erased and left out). */
function importsOf(file) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [];
  const pattern = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) if (!match[1]) specifiers.push(match[2]);
  return specifiers.map((specifier) => resolveImport(file, specifier)).filter(Boolean);
}

/** The module a file belongs to: `server:modules/trading`, `server:platform/db`, `web:features/trade`, … */
function moduleOf(file) {
  const parts = file.split('/');
  if (file.startsWith('packages/')) return `pkg:${parts[1]}`;
  const side = parts[1] === 'server' ? 'server' : 'web';
  const [area, name] = parts.slice(3);
  if (area === undefined || area.includes('.')) return `${side}:core`;
  if (name === undefined || name.includes('.')) return `${side}:${area}`;
  return `${side}:${area}/${name}`;
}

/** Strongly connected components of more than one file (or a file importing itself): the circles. */
function circles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

export function analyse() {
  const files = SOURCE_ROOTS.flatMap((root) => filesUnder(root, isSource));
  const graph = new Map(
    files.map((file) => [file, new Set(importsOf(file).filter((to) => !IS_TEST.test(`/${to}`)))]),
  );
  const edges = new Map();
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [a, b] = [moduleOf(from), moduleOf(to)];
      if (a === b) continue;
      const key = `${a} --> ${b}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  return { files: files.length, circles: circles(graph), edges };
}

const nodeId = (name) => name.replace(/[^a-zA-Z0-9]/g, '_');

/** Which dependencies each diagram draws: those between the folders a newcomer adds to. */
const DIAGRAMS = [
  {
    title:
      "The server's modules (`apps/server/src/modules/*`; every one also uses `platform/*`, and the process's core composes them all)",
    drawn: /^server:modules\/[^ ]+ --> server:modules\//,
  },
  {
    title:
      "The web app's features (`apps/web/src/features/*`) and the domain slices they share (`domain/*`; all use `lib` and `components`)",
    drawn: /^web:(features|domain)\/[^ ]+ --> web:(features|domain)\//,
  },
];

/** The Mermaid diagrams, one per entry of DIAGRAMS, each arrow "imports from". */
export function diagram(edges) {
  return DIAGRAMS.map(({ title, drawn }) => {
    const lines = [...edges.keys()]
      .filter((key) => drawn.test(key))
      .sort()
      .map((key) => {
        const [from, to] = key.split(' --> ');
        const label = (name) =>
          `${nodeId(name)}["${name.replace(/^\w+:(modules|features|domain)\//, (_, area) => (area === 'domain' ? 'domain/' : ''))}"]`;
        return `  ${label(from)} --> ${label(to)}`;
      });
    return `${title}:\n\n\`\`\`mermaid\nflowchart LR\n${lines.join('\n')}\n\`\`\``;
  }).join('\n\n');
}

function documented() {
  const text = readFileSync(DOC, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/ARCHITECTURE.md has no ${START} … ${END} markers`);
  return { text, start, end };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mode = process.argv[2] ?? '--check';
  const { files, circles: found, edges } = analyse();
  const drawn = diagram(edges);
  if (mode === '--write') {
    const { text, start, end } = documented();
    writeFileSync(DOC, `${text.slice(0, start + START.length)}\n${drawn}\n${text.slice(end)}`);
  }
  let failed = false;
  for (const circle of found) {
    failed = true;
    console.error(`import circle: ${circle.map((file) => relative('.', join(ROOT, file))).join(' -> ')}`);
  }
  if (mode === '--check') {
    const { text, start, end } = documented();
    if (text.slice(start + START.length, end).trim() !== drawn.trim()) {
      failed = true;
      console.error(
        'docs/ARCHITECTURE.md: the module graph differs from the code; run `node scripts/module-graph.mjs --write`',
      );
    }
  }
  console.log(
    `module graph: ${files} files, ${edges.size} module dependencies, ${found.length} import circles`,
  );
  process.exit(failed ? 1 : 0);
}
