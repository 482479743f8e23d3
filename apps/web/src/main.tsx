// The web app's entry point: loads the fonts and styles, sets the language, then starts the router,
// taking over the login page drawn at build time when it still fits; registers the offline worker.
import '@fontsource-variable/inter';
import '@fontsource-variable/jetbrains-mono';
import './app/theme.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { LOGIN_ROUTE_ID, routes } from './app/router';
import { applyLanguage, detectLanguage, type TLanguage } from './lib/i18n';
import { PATHS } from './lib/paths';
import { hasToken } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root"></div>');

/** The routes whose screen the build renders into their page (scripts/prerender.mjs), by path. */
const PRERENDERED_ROUTES: Record<string, string> = { [PATHS.login]: LOGIN_ROUTE_ID };

/**
 * The route whose screen this page already holds, when the app can take it over as it is: the
 * build drew it for a signed-out first visit in English, so a visitor signed in (whom the route's
 * loader sends on), in another language, or brought here with a message (history state) gets the
 * screen drawn afresh instead.
 */
function prerenderedRoute(root: HTMLElement, language: TLanguage): string | undefined {
  const path = root.dataset.prerendered;
  if (!path || path !== window.location.pathname || !root.firstChild) return undefined;
  const isFirstVisitAlike =
    language === 'en' && !hasToken() && (window.history.state as { usr?: unknown } | null)?.usr == null;
  return isFirstVisitAlike ? PRERENDERED_ROUTES[path] : undefined;
}

function start(root: HTMLElement, language: TLanguage) {
  const routeId = prerenderedRoute(root, language);
  // The loader of the drawn route has decided already (the visitor stays): the router starts settled.
  const router = createBrowserRouter(
    routes,
    routeId ? { hydrationData: { loaderData: { [routeId]: null } } } : undefined,
  );
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (!routeId) {
    createRoot(root).render(app);
    return;
  }
  // Taken over in slices the browser can interrupt: the drawn page answers a tap meanwhile.
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

// The language first (English is built in; another loads its own small chunk), then the app.
const language = detectLanguage();
void applyLanguage(language)
  .catch(() => applyLanguage('en'))
  .finally(() => start(container, language));

// The installed app's service worker (`sw.js`, written by the build from service-worker.js): it keeps the app's shell on
// the device so the app opens offline. Registered once the page has loaded, so it never competes
// with the first screen for the network.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the app works as a plain web page.
    });
  });
}
