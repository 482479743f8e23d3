import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { queryClient } from '../lib/query-client';
import { STORE_STORAGE_KEY, useAppStore, useTheme } from '../lib/store';
import { useHasToasts } from '../lib/toasts';

// The toaster and its library load with the first toast (lib/toasts.ts), not with the login page.
const AppToaster = lazy(async () => ({ default: (await import('./toaster')).AppToaster }));

// Browser chrome colour per theme (mobile address bar); equals --color-bg in theme.css.
const THEME_COLOR = { dark: '#0b0e13', light: '#f3f5f8' } as const;

/** Keeps <html data-theme> and <meta name="theme-color"> in step with the store. */
function ThemeSync() {
  const theme = useTheme();

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
  }, [theme]);

  // Another tab changed the persisted store (theme, sign-in step): pick it up here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORE_STORAGE_KEY) void useAppStore.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const hasToasts = useHasToasts();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      {children}
      {hasToasts ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
