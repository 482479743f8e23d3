import { describe, expect, it } from 'vitest';
import { migrateStore } from './store-migrate';

describe('migrateStore', () => {
  it("lets a store of before 0.2 holding the old default 'dark' follow the system", () => {
    expect(migrateStore({ theme: 'dark', tempToken: 't', tempEmail: null }, 0.1)).toEqual({
      theme: null,
      tempToken: 't',
      tempEmail: null,
    });
  });

  it("keeps a 'light' pick, and every theme of a current store", () => {
    expect(migrateStore({ theme: 'light' }, 0.1)).toEqual({ theme: 'light' });
    expect(migrateStore({ theme: 'dark' }, 0.2)).toEqual({ theme: 'dark' });
    expect(migrateStore(undefined, 0.1)).toEqual({});
  });
});
