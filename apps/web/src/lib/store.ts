import { DEFAULT_THEME, STORE_VERSION, type TTheme } from '@td/contracts/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The localStorage key of the persisted store; public/theme-init.js reads it before first paint. */
export const STORE_STORAGE_KEY = 'store';

interface TAppState {
  theme: TTheme;
  /** A short-lived token between sign-in and e-mail or two-factor verification. */
  tempToken: string;
  /** The address being verified (signup, forgot password), shown on the verification screens. */
  tempEmail: string | null;
  toggleTheme: () => void;
  setTempToken: (token: string) => void;
  setTempEmail: (email: string | null) => void;
}

export const useAppStore = create<TAppState>()(
  persist(
    (set) => ({
      theme: DEFAULT_THEME,
      tempToken: '',
      tempEmail: null,
      toggleTheme: () => set((state) => ({ theme: state.theme === 'dark' ? 'light' : 'dark' })),
      setTempToken: (tempToken) => set({ tempToken }),
      setTempEmail: (tempEmail) => set({ tempEmail }),
    }),
    {
      name: STORE_STORAGE_KEY,
      version: STORE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ theme: state.theme, tempToken: state.tempToken, tempEmail: state.tempEmail }),
    },
  ),
);

/** Clears the values that only make sense during one sign-in attempt (used on logout). */
export function clearTempSession(): void {
  useAppStore.setState({ tempToken: '', tempEmail: null });
}
