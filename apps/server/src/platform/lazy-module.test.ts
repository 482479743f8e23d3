import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('imports once, on first use, and hands every caller the same module', async () => {
    let imports = 0;
    const load = lazyModule(async () => {
      imports += 1;
      return { name: 'module' };
    });
    expect(imports).toBe(0);
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(await load()).toBe(first);
    expect(imports).toBe(1);
  });

  it('tries again after a failed import instead of remembering the failure', async () => {
    let attempts = 0;
    const load = lazyModule(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('not there yet');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('not there yet');
    await expect(load()).resolves.toBe('loaded');
    expect(attempts).toBe(2);
  });
});
