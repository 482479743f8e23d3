// Renders screens of the app (the login page) to HTML after `vite build`: each becomes a page of its own beside
// index.html (dist/prerendered/<path>.html), which the server sends for that path. The screen's
// elements are in the page, so it is drawn before any script has loaded; the app's scripts then
// take them over. The renderer is the app itself, built for Node (src/app/prerender.tsx). Its styles
// are written into the page, which then paints with no other request.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

/** The paths rendered at build time (main.tsx names their routes): the login page, a phone's first screen. */
const PATHS = ['/authentication/login'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const rendererDir = join(root, 'node_modules', '.cache', 'prerender');

await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'src/app/prerender.tsx', outDir: rendererDir, emptyOutDir: true, copyPublicDir: false },
});
const { render } = await import(pathToFileURL(join(rendererDir, 'prerender.js')).href);

/**
 * The page's stylesheets written into it: the first paint waits for no request but the page itself
 * (on a phone's network, a round trip less before anything shows). The policy allows inline styles.
 */
function inlineStylesheets(html) {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_tag, file) => {
    const css = readFileSync(join(dist, file), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`${file} would end its <style> element`);
    return `<style>${css}</style>`;
  });
}

const page = readFileSync(join(dist, 'index.html'), 'utf8');
const EMPTY_ROOT = '<div id="root"></div>';
if (!page.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT}`);
for (const path of PATHS) {
  const rendered = await render(path);
  if (/<script/i.test(rendered))
    throw new Error(`${path} rendered a script: the page's policy would refuse it`);
  // The screen's title belongs in the head (React puts it there in the browser, and takes the
  // screen over without it).
  const title = /^<title>[^<]*<\/title>/.exec(rendered)?.[0];
  const screen = title ? rendered.slice(title.length) : rendered;
  const file = join(dist, 'prerendered', `${path}.html`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    inlineStylesheets(page)
      .replace(/<title>[^<]*<\/title>/, title ?? '$&')
      .replace(EMPTY_ROOT, `<div id="root" data-prerendered="${path}">${screen}</div>`),
  );
}
rmSync(rendererDir, { recursive: true, force: true });
console.log(`prerendered ${PATHS.join(', ')}`);
