// Type-checks every TypeScript project of the repository, two compilers at a time (each `tsc` uses
// one core); prints each project's errors and exits non-zero when any project has one.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// The longest first, so that the two lanes end together (the server, then the browser journeys and
// the benchmarks, which read the server's testing helpers and so much of its source).
const PROJECTS = [
  'apps/server',
  'e2e',
  'bench',
  'apps/web',
  'packages/contracts',
  'packages/sdk',
  'apps/web/tsconfig.node.json',
];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

// The SDK's types are generated from its OpenAPI document (not committed): written first.
await new Promise((resolve, reject) => {
  spawn(process.execPath, ['packages/sdk/generate.mjs'], { stdio: 'inherit' }).on('close', (code) =>
    code === 0 ? resolve() : reject(new Error(`generating the SDK's types failed (${code})`)),
  );
});

const queue = [...PROJECTS];
const failed = [];
async function lane() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const { code, output } = await check(project);
    process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${project}\n${output}`);
    if (code !== 0) failed.push(project);
  }
}
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, lane));
if (failed.length > 0) {
  console.error(`Type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
