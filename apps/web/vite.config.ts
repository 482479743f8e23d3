import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type Rolldown } from 'vite';

// The API lives at the root of the same origin in production (the server serves dist/), so in
// development every API prefix is proxied to the server on :3000 and the app keeps using '/'.
const API_TARGET = 'http://127.0.0.1:3000';
const API_PREFIXES = [
  '/auth',
  '/profile',
  '/pairs',
  '/orders',
  '/portfolio',
  '/wallet',
  '/tickets',
  '/notifications',
  '/alerts',
  '/public',
  '/settings',
  '/health',
  '/docs',
  // The development outbox page (a server without SMTP).
  '/dev',
] as const;

const apiProxy: ProxyOptions = { target: API_TARGET, changeOrigin: false };

// /admin is also a web route (the admin area), so only XHR/fetch calls go to the server;
// a browser navigation to /admin/... falls through to index.html, but for a signed link (an
// identity document opened in a tab of its own), which the server answers as it does in production.
const SIGNED_LINK = /[?&]sig=/;
const adminProxy: ProxyOptions = {
  ...apiProxy,
  bypass: (req) =>
    req.headers.accept?.includes('text/html') && !SIGNED_LINK.test(req.url ?? '') ? req.url : undefined,
};

// Authentication routes (/authentication/...) share no prefix with the API ('/auth/' has a slash),
// so the keys below use a trailing '/' or an exact match to stay clear of them.
const proxy: Record<string, ProxyOptions> = {
  ...Object.fromEntries(API_PREFIXES.map((prefix) => [`^${prefix}(/|$|\\?)`, apiProxy])),
  '^/admin(/|$|\\?)': adminProxy,
  '/socket.io': { ...apiProxy, ws: true },
};

/** Shared chunks smaller than this join their closest neighbour (fewer files, a little more code). */
const SHARED_MERGE_BELOW_BYTES = 8000;

/** Every file under `dir`, at any depth. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** Files the server sends as they are built: compressed once here, at the strongest settings. */
const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const PRECOMPRESS_ABOVE_BYTES = 1024;

/**
 * A build-only plugin that runs `write` with the output folder once the bundle is written
 * (`order: 'pre'` runs it before the other plugins' own).
 */
function afterBuild(name: string, write: (outDir: string) => void, order?: 'pre'): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: { order, handler: () => write(outDir) },
  };
}

/**
 * Writes a `.br` and a `.gz` beside every text asset of the build above a kilobyte; the server
 * sends the one the browser accepts (its static files are `preCompressed`).
 */
const precompress = () =>
  afterBuild('precompress', (outDir) => {
    for (const path of filesUnder(outDir)) {
      if (!PRECOMPRESSED.test(path) || statSync(path).size < PRECOMPRESS_ABOVE_BYTES) continue;
      const content = readFileSync(path);
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    }
  });

const THEME_INIT_TAG = '<script src="/theme-init.js"></script>';

/**
 * Writes public/theme-init.js into the page's head instead of linking it: the theme is applied
 * before the first paint without a request the paint waits for. Its comments stay in the file. The
 * server's Content-Security-Policy allows the page's inline scripts by their hashes.
 */
function inlineThemeInit(): Plugin {
  return {
    name: 'inline-theme-init',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(THEME_INIT_TAG)) throw new Error(`index.html must contain ${THEME_INIT_TAG}`);
        const source = readFileSync(new URL('./public/theme-init.js', import.meta.url), 'utf8')
          .replace(/^\s*\/\/.*\n/gm, '')
          .trim();
        return html.replace(THEME_INIT_TAG, `<script>${source}</script>`);
      },
    },
  };
}

/** What the service worker stores at install: the page, its files, the icons; not other languages' fonts. */
const PRECACHE_FILE = /\.(js|css|svg|png|webmanifest)$|inter-latin-wght|jetbrains-mono-latin-wght/;
const NEVER_PRECACHED = /\.(br|gz|map)$|^sw\.js$/;

/**
 * Writes `sw.js` from `service-worker.js`: the list of files to store at install and a version
 * that changes with any of them, so a new build replaces the old cache.
 */
const serviceWorker = () =>
  afterBuild(
    'service-worker',
    (outDir) => {
      const files = filesUnder(outDir)
        .map((path) => relative(outDir, path).split(sep).join('/'))
        .filter((file) => PRECACHE_FILE.test(file) && !NEVER_PRECACHED.test(file))
        .sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update(readFileSync(join(outDir, file)));
      hash.update(readFileSync(join(outDir, 'index.html')));
      const precache = ['/', ...files.map((file) => `/${file}`)];
      const source = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8')
        .replace("'__VERSION__'", JSON.stringify(hash.digest('hex').slice(0, 16)))
        .replace('__PRECACHE__', JSON.stringify(precache));
      writeFileSync(join(outDir, 'sw.js'), source);
    },
    'pre',
  );

/**
 * How the browser's build splits its code. React and the router change rarely: their own chunks stay
 * cached across our releases. Only libraries every page loads belong there; feature libraries
 * (charts, socket) must stay in the lazy chunks that use them.
 */
const CLIENT_CHUNKS: Rolldown.OutputOptions['codeSplitting'] = {
  groups: [
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
    { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
    // What the entry loads stays one chunk, so the login page loads nothing it does not use.
    { name: 'app', tags: ['$initial'], priority: 2 },
    // The chart library in a chunk of its own, loaded by the screens that draw a chart and
    // never merged with the shared groups below (the login page must not load it).
    {
      name: 'charts',
      test: /node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]/,
      priority: 1.5,
    },
    // The stream client and the hooks that hold a stream subscription, likewise: only the
    // signed-in screens that show live data load them.
    {
      name: 'stream',
      test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter|xmlhttprequest-ssl)[\\/]|apps[\\/]web[\\/]src[\\/](lib[\\/](socket|stream-registry)|domain[\\/](market[\\/]use-candle-feed|trading[\\/]use-(trading-stream|live-quote)))\.ts$/,
      priority: 1.5,
      // Only the matched modules: their dependencies (contracts, query hooks, formatters)
      // belong to the groups the login page already shares, not to this chunk.
      includeDependenciesRecursively: false,
    },
    // The rest of the shared code (components, helpers, domain, contracts) grouped by the set
    // of screens that load it, small groups merged: a phone on a slow network waits a round
    // trip for each file, six at a time, and the Dashboard asked for some fifty of 1–6 KB.
    {
      name: 'shared',
      // The chart components stay out: merged into a small group the login page loads, they
      // would bring the chart library with them.
      test: /apps[\\/]web[\\/]src[\\/](domain(?![\\/]market[\\/]components[\\/])|components|lib)[\\/]|packages[\\/]contracts[\\/]/,
      priority: 1,
      entriesAware: true,
      entriesAwareMergeThreshold: SHARED_MERGE_BELOW_BYTES,
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  // The build for Node (scripts/prerender.mjs) renders pages into this build's files: it writes no
  // service worker, compresses nothing and keeps its modules in one file.
  plugins: isSsrBuild ? [react()] : [react(), inlineThemeInit(), serviceWorker(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: CLIENT_CHUNKS } },
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy,
  },
  preview: {
    proxy,
  },
}));
