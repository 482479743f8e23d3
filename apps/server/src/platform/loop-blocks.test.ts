// The event-loop block recorder: a long callback is found, named by the work that scheduled it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isRecordingLoopBlocks, type LoopBlocksReport, markLoopWork, recordLoopBlocks } from './loop-blocks';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // holding the loop on purpose
  }
};

describe('recordLoopBlocks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'td-loop-blocks-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names a long callback by the job that started its chain, and reports it at stop', async () => {
    const file = join(dir, 'blocks.json');
    expect(isRecordingLoopBlocks()).toBe(false);
    const stop = recordLoopBlocks(file);
    expect(isRecordingLoopBlocks()).toBe(true);
    // Timing starts at the first SIGUSR2, as a benchmark sends it.
    process.kill(process.pid, 'SIGUSR2');
    await new Promise<void>((resolve) => setTimeout(resolve, 20));
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        markLoopWork('test job');
        // The continuation after an await carries the job's name too.
        void Promise.resolve().then(() => {
          busy(40);
          resolve();
        });
      }, 1),
    );
    // A short callback is not recorded.
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
    stop();
    expect(isRecordingLoopBlocks()).toBe(false);
    const report = JSON.parse(readFileSync(file, 'utf8')) as LoopBlocksReport;
    const block = report.longest.find((entry) => entry.label === 'test job');
    expect(block?.ms).toBeGreaterThanOrEqual(40);
    expect(['PROMISE', 'Timeout']).toContain(block?.type);
    expect(report.byLabel.find((total) => total.label === 'test job')?.count).toBe(1);
  });

  it('does nothing when not recording', () => {
    expect(() => markLoopWork('nothing')).not.toThrow();
    expect(isRecordingLoopBlocks()).toBe(false);
  });
});
