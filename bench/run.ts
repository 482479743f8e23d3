import { cpus, loadavg, totalmem } from 'node:os';
import { crossMarginReport } from './cross-margin.bench';
import { embeddedLoadBench } from './embedded-load.bench';
import { firstStartBench } from './first-start.bench';
import { growthBench } from './growth.bench';
import { httpStackBench } from './http-stack.bench';
import { embeddedOrdersReport, marketOrdersReport } from './market-orders.bench';
import { mobilePagesBench } from './mobile-pages.bench';
import { publicEndpointsBench } from './public-endpoints.bench';
import { reconnectStormBench } from './reconnect-storm.bench';
import { stopTriggersReport } from './stop-triggers.bench';
import { streamFanoutBench } from './stream-fanout.bench';
import { streamScaleBench } from './stream-scale.bench';
import { type Bench, type BenchReport, killTrackedChildren, within } from './support/report';
import { triggerEngineReport } from './trigger-engine.bench';

/**
 * Runs the benchmarks and prints a Markdown section for docs/BENCHMARKS.md: one table per
 * benchmark. Each result is set against a baseline measured in the same run, never a bare time.
 * Usage: npm run bench [-- [name …] [seconds-per-measurement]]
 *   npm run bench                         every benchmark, 10 s per measurement
 *   npm run bench -- stream-fanout 10     only that one
 */
const BENCHMARKS: Record<string, Bench> = {
  'http-stack': httpStackBench,
  'public-endpoints': publicEndpointsBench,
  'stream-fanout': streamFanoutBench,
  'reconnect-storm': reconnectStormBench,
  'stream-scale': streamScaleBench,
  'first-start': firstStartBench,
  'embedded-load': embeddedLoadBench,
  'trigger-engine': triggerEngineReport,
  'stop-triggers': stopTriggersReport,
  'cross-margin': crossMarginReport,
  'market-orders': marketOrdersReport,
  'market-orders-embedded': embeddedOrdersReport,
  'mobile-pages': mobilePagesBench,
  growth: growthBench,
};

const args = process.argv.slice(2);
const numbers = args.filter((arg) => /^\d+(\.\d+)?$/.test(arg));
const names = args.filter((arg) => !numbers.includes(arg));
const seconds = Number(numbers[0] ?? 10);
const unknown = names.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0 || !(seconds > 0 && seconds <= 120)) {
  console.error(
    unknown.length > 0
      ? `Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`
      : 'Seconds per measurement must be between 1 and 120',
  );
  process.exit(2);
}
const selected = names.length > 0 ? names : Object.keys(BENCHMARKS);

// Whatever happens, no server or client process of ours outlives the runner.
process.on('exit', killTrackedChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killTrackedChildren();
    process.exit(130);
  });
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const sections: string[] = [];
let failed = false;
for (const name of selected) {
  const bench = BENCHMARKS[name] as Bench;
  process.stderr.write(`${name} (${seconds} s per measurement)\n`);
  const started = Date.now();
  const loadBefore = load();
  try {
    // A hung benchmark must not hang the runner: each has a generous, bounded time.
    const report = await within(bench(seconds), 240_000 + seconds * 12_000, name);
    // Other work on a shared machine moves absolute figures most: the load says how much there was.
    report.notes = [
      ...(report.notes ?? []),
      `Load average (1 min) before / after: ${loadBefore} / ${load()}.`,
    ];
    sections.push(render(report));
  } catch (error) {
    failed = true;
    killTrackedChildren();
    sections.push(`#### ${name}\n\nFailed: ${(error as Error).message}\n`);
  }
  process.stderr.write(`  done in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

console.log(`### ${new Date().toISOString().slice(0, 10)} — ${machine}\n`);
console.log(sections.join('\n'));
// A missed target is a finding written in the table, not a failure: only a benchmark that could
// not run sets the exit code.
process.exit(failed ? 1 : 0);

function load(): string {
  return (loadavg()[0] ?? 0).toFixed(1);
}

function render(report: BenchReport): string {
  const numeric = report.columns.map((_, i) => report.rows.every((row) => typeof row[i] === 'number'));
  const lines = [
    `#### ${report.title}`,
    '',
    `| ${report.columns.join(' | ')} |`,
    `|${numeric.map((isNumber) => (isNumber ? '---:' : '---')).join('|')}|`,
    ...report.rows.map((row) => `| ${row.map(String).join(' | ')} |`),
    '',
    `Target: ${report.target} — **${report.met ? 'met' : 'missed'}**.`,
    ...(report.notes ?? []).map((note) => `\n${note}`),
    '',
  ];
  return lines.join('\n');
}
