// What a `describe` block starts before its first test and closes after its last: a trading desk,
// the accounts on it, or any world a test helper starts (`useStarted`).
import type { TRole } from '@td/contracts/statuses';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestUser } from './accounts';
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

/** How an account of `useAccounts` is made: a verified user of a role (staff with a second factor), or by a maker of the test's. */
export type AccountKind = TRole | (() => Promise<TestUser>);

/**
 * Accounts on `desk` for the enclosing `describe` block, made in the order named before its first
 * test (after the desk has started): `useAccounts(desk, { admin: 'admin', trader: 'user' })`. Each
 * account stands for itself once made (its fields, as a `TestUser`'s, may be read and changed);
 * reading one earlier is an error that says so.
 */
export function useAccounts<K extends string>(
  desk: TradingDesk,
  kinds: Record<K, AccountKind>,
): Record<K, TestUser> {
  const made = new Set<string>();
  const accounts = {} as Record<K, TestUser>;
  for (const name of Object.keys(kinds) as K[]) {
    accounts[name] = new Proxy({} as TestUser, {
      get(target, key, receiver) {
        if (!made.has(name))
          throw new Error(`the account ${name} is made before the first test: use it inside one`);
        return Reflect.get(target, key, receiver);
      },
    });
  }
  beforeAll(async () => {
    for (const [name, kind] of Object.entries(kinds) as [K, AccountKind][]) {
      Object.assign(accounts[name], await makeAccount(desk, kind));
      made.add(name);
    }
  });
  return accounts;
}

async function makeAccount(desk: TradingDesk, kind: AccountKind): Promise<TestUser> {
  if (typeof kind === 'function') return kind();
  if (kind === 'admin') return desk.newAdmin();
  const user = await desk.newUser();
  if (kind !== 'user') await desk.makeStaff(user, kind);
  return user;
}

/** The ledger after a race: balanced, every balance equal to its entries, and no user's account below zero. */
export async function expectSoundLedger(desk: TradingDesk) {
  expect(await desk.ledgerIsSound()).toEqual({ total: 0n, drifted: [] });
  expect(await desk.negativeBalances()).toBe(0);
}
