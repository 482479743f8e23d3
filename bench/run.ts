import { cpus, totalmem } from 'node:os';
import { httpStackBench } from './http-stack.bench';

/**
 * Runs every benchmark and prints a Markdown section for docs/BENCHMARKS.md. Each result is a
 * ratio to a baseline measured in the same run, never an absolute time.
 * Usage: npm run bench [-- seconds-per-measurement]
 */
const seconds = Number(process.argv[2] ?? 10);
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

const results = [await httpStackBench(seconds)];

console.log(`### ${new Date().toISOString().slice(0, 10)} — ${machine}\n`);
console.log('| benchmark | baseline req/s | product req/s | product p99 ms | ratio | target |');
console.log('|---|---:|---:|---:|---:|---|');
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.baseline.requestsPerSecond} | ${r.product.requestsPerSecond} | ${r.product.latencyP99Ms} | ${r.ratio} | ${r.target} |`,
  );
}
process.exit(0);
