import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

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
] as const;

const apiProxy: ProxyOptions = { target: API_TARGET, changeOrigin: false };

// /admin is also a web route (the admin area), so only XHR/fetch calls go to the server;
// a browser navigation to /admin/... falls through to index.html.
const adminProxy: ProxyOptions = {
  ...apiProxy,
  bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
};

// Authentication routes (/authentication/...) share no prefix with the API ('/auth/' has a slash),
// so the keys below use a trailing '/' or an exact match to stay clear of them.
const proxy: Record<string, ProxyOptions> = {
  ...Object.fromEntries(API_PREFIXES.map((prefix) => [`^${prefix}(/|$|\\?)`, apiProxy])),
  '^/admin(/|$|\\?)': adminProxy,
  '/socket.io': { ...apiProxy, ws: true },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router change rarely: their own chunks stay cached across our releases.
        // Only libraries every page loads belong here; feature libraries (charts, socket) must
        // stay in the lazy chunks that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy,
  },
  preview: {
    proxy,
  },
});
