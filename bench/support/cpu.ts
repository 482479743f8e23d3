import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time as Linux's /proc counts it, for splitting a run's cost between the parts that share
 * the machine. Every reader returns milliseconds, or NaN where /proc does not say (another
 * system, or a database server on another machine).
 */

const TICK_MS = 10; // USER_HZ is 100 on every Linux this runs on

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number | string): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * All CPU a PostgreSQL server has used so far: the postmaster, its live children (backends,
 * writers) and, through the postmaster's counts of children it has reaped, every backend that
 * has ended, so a pgbench run's connections are counted after they close.
 */
export function postgresCpuMs(postmasterPid: number): number {
  const own = statFields(postmasterPid);
  if (!own) return Number.NaN;
  // After the name: state, ppid, … utime is the 12th, stime 13th, cutime 14th, cstime 15th.
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === postmasterPid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_MS;
}

/** The postmaster of the server a backend belongs to (the backend's parent), if it runs here. */
export function postmasterOf(backendPid: number): number {
  const fields = statFields(backendPid);
  return fields ? Number(fields[1]) : Number.NaN;
}

/**
 * The calling process's main thread: time on a CPU, and time spent ready to run but waiting for
 * one (the run queue), from the scheduler's own counts (/proc/<pid>/task/<pid>/schedstat).
 */
export function mainThreadSchedMs(): { onCpu: number; waiting: number } {
  try {
    const [onCpu = Number.NaN, waiting = Number.NaN] = readFileSync(
      `/proc/${process.pid}/task/${process.pid}/schedstat`,
      'utf8',
    )
      .trim()
      .split(' ')
      .map(Number);
    return { onCpu: onCpu / 1e6, waiting: waiting / 1e6 };
  } catch {
    return { onCpu: Number.NaN, waiting: Number.NaN };
  }
}

/** The calling process's CPU in all its threads (V8's collector and compiler helpers included). */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU of the calling process's children that have ended and been waited for (pgbench, say). */
export function endedChildrenCpuMs(): number {
  const fields = statFields('self');
  return fields ? (Number(fields[13]) + Number(fields[14])) * TICK_MS : Number.NaN;
}
