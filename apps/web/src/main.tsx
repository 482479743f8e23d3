import './zod-config';
import '@fontsource-variable/inter';
import '@fontsource-variable/jetbrains-mono';
import './app/theme.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { applyLanguage, detectLanguage } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root"></div>');

// The language first (English is built in; another loads its own small chunk), then the app.
void applyLanguage(detectLanguage())
  .catch(() => applyLanguage('en'))
  .finally(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );

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
