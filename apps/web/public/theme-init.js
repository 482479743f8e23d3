// Runs synchronously in <head> before the first paint and before any module.
//
// The validation library reads its settings from this global when it loads: jitless, so that it
// neither compiles parsers with `new Function` nor probes whether it may, which the page's
// Content-Security-Policy reports as a violation. Set here (the development server writes this
// script into the page too), it holds whichever chunk builds the first schema: the library loads
// with the first call's contract, not with the page.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });

// Then the theme. Reads the zustand-persisted store
// (localStorage key 'store', shape { state: { theme }, version }) and applies the theme (the
// user's pick, else the system's preference), so a light-theme user never sees a dark flash. Keep in step with src/lib/store.ts and the theme
// colours in src/app/theme.css.
(() => {
  const colors = { dark: '#0b0e13', light: '#f3f5f8' };
  let theme = 'dark';
  let saved = null;
  try {
    const raw = window.localStorage.getItem('store');
    saved = raw ? JSON.parse(raw) : null;
  } catch (_error) {
    // Storage blocked or corrupt: keep the default theme.
  }
  const savedTheme = saved?.state?.theme;
  // Before store version 0.2 'dark' was written for everyone: only 'light' was picked.
  const isOld = typeof saved?.version === 'number' && saved.version < 0.2;
  if (savedTheme === 'light' || (savedTheme === 'dark' && !isOld)) theme = savedTheme;
  // Not picked: the system's preference.
  else if (window.matchMedia?.('(prefers-color-scheme: light)').matches) theme = 'light';
  document.documentElement.setAttribute('data-theme', theme);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colors[theme]);
})();
