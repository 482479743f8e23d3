import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const freshDir = () => join(mkdtempSync(join(tmpdir(), 'td-lock-')), 'data');

describe('lockDataDir', () => {
  it('creates the directory and a lock file holding our pid, removed on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    lock.release();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  });

  it('refuses a directory this process already holds', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrowError(DataDirInUseError);
    lock.release();
    lockDataDir(dir).release();
  });

  it('refuses a directory held by another live process, naming it', () => {
    const dir = freshDir();
    lockDataDir(dir).release();
    // The parent of this test process is alive for as long as the test runs.
    writeFileSync(join(dir, '.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrowError(
      `in use by another Trading Desk process (pid ${process.ppid})`,
    );
  });

  it('takes over a lock left by a dead process, or by an earlier run with our pid', () => {
    for (const stale of ['999999999', String(process.pid), 'garbage']) {
      const dir = freshDir();
      lockDataDir(dir).release();
      writeFileSync(join(dir, '.lock'), stale);
      const lock = lockDataDir(dir);
      expect(readFileSync(join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
      lock.release();
    }
  });
});
