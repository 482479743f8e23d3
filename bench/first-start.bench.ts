// Benchmark of the first start on an empty embedded database: the built server until the market's
// history is ready, against the same start without the market role, with its peak and idle memory.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '@td/server/testing';
import { type BenchReport, mib, progress, round, stopChild, trackChild } from './support/report';

const TARGET_MS = 30_000;
/** Resident memory a first start may reach, and what the process may keep once it is idle. */
const PEAK_TARGET_MIB = 512;
const IDLE_TARGET_MIB = 300;
/** How long after the last awaited line the idle memory is read. */
const IDLE_AFTER_MS = 20_000;
/** How long a start may take before the benchmark gives up on it. */
const START_LIMIT_MS = 150_000;
const SAMPLE_MS = 50;

interface LogLine {
  msg?: string;
  module?: string;
  ms?: number;
  pairs?: number;
}

interface StartResult {
  /** Spawn to each awaited log line, in ms. */
  at: Record<string, number>;
  /** Peak RSS (VmHWM) when the last awaited line arrived. */
  peakRssBytes: number;
  /** RSS when the last awaited line arrived. */
  rssBytes: number;
  /** RSS IDLE_AFTER_MS later. */
  idleRssBytes: number;
  history?: LogLine;
}

function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kib('VmRSS') * 1024, hwm: kib('VmHWM') * 1024 };
  } catch {
    return undefined;
  }
}

/**
 * Starts the server from source on a fresh data directory and times the log lines named in
 * `waitFor` (message → matcher), sampling its memory from /proc until the last one arrives.
 */
async function timeStart(env: Record<string, string>, waitFor: Record<string, (line: LogLine) => boolean>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'td-bench-start-'));
  const startedAt = performance.now();
  // The bundle, as `npm start` runs it (its build made the initialised database it restores).
  const server = await spawnServer({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'info' }, { isBuilt: true });
  trackChild(server.child);
  const pid = server.child.pid ?? 0;
  const at: Record<string, number> = {};
  let history: LogLine | undefined;
  let peakSampled = 0;
  const sampler = setInterval(() => {
    peakSampled = Math.max(peakSampled, memoryOf(pid)?.rss ?? 0);
  }, SAMPLE_MS);
  try {
    const all = await new Promise<{ rss: number; hwm: number }>((resolve, reject) => {
      let buffered = '';
      const limit = setTimeout(
        () => reject(new Error(`not started within ${START_LIMIT_MS} ms:\n${server.output().slice(-2000)}`)),
        START_LIMIT_MS,
      );
      void server.exited.then((code) => {
        clearTimeout(limit);
        reject(new Error(`server exited (${code}) while starting:\n${server.output().slice(-2000)}`));
      });
      server.child.stdout?.on('data', (chunk: Buffer) => {
        const arrivedAt = performance.now();
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const text of lines) {
          let line: LogLine;
          try {
            line = JSON.parse(text) as LogLine;
          } catch {
            continue;
          }
          for (const [name, matches] of Object.entries(waitFor)) {
            if (at[name] === undefined && matches(line)) {
              at[name] = arrivedAt - startedAt;
              if (line.msg === 'market history ready') history = line;
            }
          }
          if (Object.keys(waitFor).every((name) => at[name] !== undefined)) {
            clearTimeout(limit);
            resolve(memoryOf(pid) ?? { rss: 0, hwm: 0 });
          }
        }
      });
    });
    await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS));
    const idle = memoryOf(pid);
    const result: StartResult = {
      at,
      peakRssBytes: Math.max(all.hwm, idle?.hwm ?? 0, peakSampled),
      rssBytes: all.rss,
      idleRssBytes: idle?.rss ?? 0,
      ...(history ? { history } : {}),
    };
    return result;
  } finally {
    clearInterval(sampler);
    await stopChild(server.child, server.exited);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const running = (line: LogLine) => line.msg === 'Trading Desk is running';
const historyReady = (line: LogLine) => line.msg === 'market history ready' && line.module === 'market';

/**
 * A first start on an empty embedded database (migrations, pair catalogue, a year of simulated
 * history for every pair) until the market says its history is ready, against the same start
 * without the market role (ROLES=api): same process, same empty database, same run.
 */
export async function firstStartBench(): Promise<BenchReport> {
  // Uncounted: the first start after a build warms the OS's file cache; both measured starts then
  // read the same files, and the difference left is the database's and the market's work.
  progress('warm-up start (ROLES=api, not counted)');
  await timeStart({ ROLES: 'api' }, { running });
  progress('baseline: first start with ROLES=api');
  const baseline = await timeStart({ ROLES: 'api' }, { running });
  progress('product: first start with every role, until the market history is ready');
  const product = await timeStart({}, { running, historyReady });

  const baseMs = baseline.at.running ?? Number.NaN;
  const listeningMs = product.at.running ?? Number.NaN;
  const readyMs = product.at.historyReady ?? Number.NaN;
  const ratio = round(readyMs / baseMs, 1);
  const peakMib = mib(product.peakRssBytes);
  const idleMib = mib(product.idleRssBytes);
  return {
    title: 'First start until market history is ready',
    target: `history ready within ${TARGET_MS / 1000} s of the process start; peak RSS ≤ ${PEAK_TARGET_MIB} MiB; idle RSS ≤ ${IDLE_TARGET_MIB} MiB`,
    met: readyMs <= TARGET_MS && peakMib <= PEAK_TARGET_MIB && idleMib <= IDLE_TARGET_MIB,
    columns: ['start', 'HTTP listening s', 'history ready s', 'peak RSS MiB', 'idle RSS MiB', 'vs baseline'],
    rows: [
      [
        'baseline: ROLES=api, empty DATA_DIR',
        round(baseMs / 1000, 1),
        '—',
        mib(baseline.peakRssBytes),
        mib(baseline.idleRssBytes),
        1,
      ],
      [
        'product: all roles, empty DATA_DIR',
        round(listeningMs / 1000, 1),
        round(readyMs / 1000, 1),
        peakMib,
        idleMib,
        `${ratio} × (history ready)`,
      ],
    ],
    notes: [
      `The market engine itself reports ${product.history?.pairs ?? '?'} pairs ready in ${round((product.history?.ms ?? Number.NaN) / 1000, 1)} s after its start; RSS when ready ${mib(product.rssBytes)} MiB. Peak RSS is the kernel's high-water mark (VmHWM) of the server process (the bundle, as \`npm start\` runs it); idle RSS is read ${IDLE_AFTER_MS / 1000} s after the last awaited line; times are from spawning the process to the log line.`,
      ...(listeningMs >= readyMs - 500
        ? [
            `HTTP began listening only once the history was ready (${round((listeningMs - readyMs) / 1000, 1)} s after it): while the history is prepared the process answers no request, not even /health.`,
          ]
        : []),
    ],
  };
}
