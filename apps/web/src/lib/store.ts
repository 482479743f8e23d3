import { DEFAULT_THEME, STORE_VERSION, type TTheme } from '@td/contracts/constants';
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { migrateStore } from './store-migrate';

/** The localStorage key of the persisted store; public/theme-init.js reads it before first paint. */
export const STORE_STORAGE_KEY = 'store';

interface TAppState {
  /** The theme the user picked; null follows the system's preference. */
  theme: TTheme | null;
  /** A short-lived token between sign-in and e-mail or two-factor verification. */
  tempToken: string;
  /** The address being verified (signup, forgot password), shown on the verification screens. */
  tempEmail: string | null;
  /** The users (ids) who put the Dashboard's welcome away on this browser. */
  dismissedWelcomes: string[];
  /** Picks the other theme than the one shown (which may be the system's). */
  toggleTheme: (shown: TTheme) => void;
  setTempToken: (token: string) => void;
  setTempEmail: (email: string | null) => void;
  dismissWelcome: (userId: string) => void;
}

export const useAppStore = create<TAppState>()(
  persist(
    (set) => ({
      theme: null,
      tempToken: '',
      tempEmail: null,
      dismissedWelcomes: [],
      toggleTheme: (shown) => set({ theme: shown === 'dark' ? 'light' : 'dark' }),
      setTempToken: (tempToken) => set({ tempToken }),
      setTempEmail: (tempEmail) => set({ tempEmail }),
      dismissWelcome: (userId) =>
        set((state) => ({
          dismissedWelcomes: [...state.dismissedWelcomes.filter((id) => id !== userId), userId],
        })),
    }),
    {
      name: STORE_STORAGE_KEY,
      version: STORE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        theme: state.theme,
        tempToken: state.tempToken,
        tempEmail: state.tempEmail,
        dismissedWelcomes: state.dismissedWelcomes,
      }),
      migrate: (persisted, version) => migrateStore<TAppState>(persisted, version),
    },
  ),
);

const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** The system's theme, kept current when it changes (a phone switching to dark at night). */
function useSystemTheme(): TTheme {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(LIGHT_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => (window.matchMedia(LIGHT_QUERY).matches ? 'light' : systemDefault()),
    // A page drawn at build time (and taken over in the browser) shows the product's default.
    () => DEFAULT_THEME,
  );
}

/** Dark unless the system asks for light (no preference at all keeps the product's default). */
function systemDefault(): TTheme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : DEFAULT_THEME;
}

/** The theme shown: the user's pick, else the system's. */
export function useTheme(): TTheme {
  const picked = useAppStore((state) => state.theme);
  const system = useSystemTheme();
  return picked ?? system;
}

/** Clears the values that only make sense during one sign-in attempt (used on logout). */
export function clearTempSession(): void {
  useAppStore.setState({ tempToken: '', tempEmail: null });
}
