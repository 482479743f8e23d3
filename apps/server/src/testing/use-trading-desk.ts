import { afterAll, beforeAll, expect } from 'vitest';
import { startTradingDesk, type TradingDesk } from './trading';

/**
 * What `start` makes, for the enclosing `describe` block: started before its first test (given
 * `timeout` ms when told) and closed after its last. What it returns stands for it once started
 * (inside a test or a later hook); touching it earlier is an error naming `what`.
 */
export function useStarted<T extends object>(
  what: string,
  start: () => Promise<T>,
  close: (started: T) => Promise<unknown>,
  timeout?: number,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeout);
  afterAll(async () => {
    if (started) await close(started);
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!started) throw new Error(`${what} starts before the first test: use it inside a test or a hook`);
      return Reflect.get(started, key);
    },
  });
}

/**
 * A trading desk for the enclosing `describe` block: started before its first test and closed after
 * its last. What it returns stands for the desk once started (`desk.newUser()` inside a test or a
 * later hook); touching it earlier is an error that says so.
 */
export function useTradingDesk(options: Parameters<typeof startTradingDesk>[0] = {}): TradingDesk {
  return useStarted(
    'The trading desk',
    () => startTradingDesk(options),
    (desk) => desk.close(),
  );
}

/** The ledger after a race: balanced, every balance equal to its entries, and no user's account below zero. */
export async function expectSoundLedger(desk: TradingDesk) {
  expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  expect(await desk.negativeBalances()).toBe(0);
}
