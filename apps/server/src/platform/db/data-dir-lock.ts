import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Directories this process has locked: our own pid in a lock file is only ours if we wrote it now. */
const heldByUs = new Set<string>();

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is one process's alone: two PGlite instances on one directory corrupt it.
 * A lock file holding our pid, created atomically, keeps a second start out; a lock left by a
 * process that died is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldByUs.add(path);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldByUs.delete(path);
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
      // A lock naming our own pid that we did not take is left from an earlier run (a container's
      // pid 1 restarts with the same pid): stale.
      const isHeld = pid === process.pid ? heldByUs.has(path) : Number.isInteger(pid) && isAlive(pid);
      if (isHeld) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is in use by another Trading Desk process (pid ${pid}). ` +
            'Stop that process first, or set DATA_DIR to another directory.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}`);
}
