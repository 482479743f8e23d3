import { afterAll, beforeAll, expect } from 'vitest';
import { startTradingDesk, type TradingDesk } from './trading';

/**
 * A trading desk for the enclosing `describe` block: started before its first test and closed after
 * its last. What it returns stands for the desk once started (`desk.newUser()` inside a test or a
 * later hook); touching it earlier is an error that says so.
 */
export function useTradingDesk(options: Parameters<typeof startTradingDesk>[0] = {}): TradingDesk {
  let desk: TradingDesk | undefined;
  beforeAll(async () => {
    desk = await startTradingDesk(options);
  });
  afterAll(async () => desk?.close());
  return new Proxy({} as TradingDesk, {
    get(_target, key) {
      if (!desk)
        throw new Error('The trading desk starts before the first test: use it inside a test or a hook');
      return Reflect.get(desk, key);
    },
  });
}

/** The ledger after a race: balanced, every balance equal to its entries, and no user's account below zero. */
export async function expectSoundLedger(desk: TradingDesk) {
  expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  expect(await desk.negativeBalances()).toBe(0);
}
