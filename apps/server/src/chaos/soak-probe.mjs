// Imported before the server in a soak run (node --import; plain JavaScript, so that the bundle
// loads it as well as the sources): every SOAK_PROBE_EVERY_MS it appends
// one JSON line to SOAK_PROBE_FILE with what only the process itself can see: heap, RSS, active
// handles and the event loop's delay (p99 since the last line).
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.SOAK_PROBE_FILE;
const everyMs = Number(process.env.SOAK_PROBE_EVERY_MS ?? 10_000);

if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const timer = setInterval(() => {
    const memory = process.memoryUsage();
    const line = {
      t: Date.now(),
      heapMb: memory.heapUsed / 2 ** 20,
      rssMb: memory.rss / 2 ** 20,
      handles: process.getActiveResourcesInfo().length,
      loopP99Ms: delay.percentile(99) / 1e6,
    };
    delay.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, everyMs);
  timer.unref();
}
