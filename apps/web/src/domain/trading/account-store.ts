import type { TAccount } from '@td/contracts/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The localStorage key of the trading account choice (apart from the app store, which others own). */
export const ACCOUNT_STORAGE_KEY = 'trading-account';
const ACCOUNT_STORE_VERSION = 1;

interface TAccountState {
  /** The book the Trade, Portfolio and History tabs show and trade in. */
  account: TAccount;
  setAccount: (account: TAccount) => void;
}

/**
 * The active trading account, kept across reloads. New users start on `demo`: its 10,000 USD of
 * practice money lets them trade at once, while `real` is usually empty until a deposit. (The API's
 * own default is `real`, so every request names the account explicitly.)
 */
export const useAccountStore = create<TAccountState>()(
  persist(
    (set) => ({
      account: 'demo',
      setAccount: (account) => set({ account }),
    }),
    {
      name: ACCOUNT_STORAGE_KEY,
      version: ACCOUNT_STORE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ account: state.account }),
    },
  ),
);

export const useActiveAccount = () => useAccountStore((state) => state.account);
