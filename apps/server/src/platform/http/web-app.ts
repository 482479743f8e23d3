import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PAGE_SETTINGS_ELEMENT_ID } from '@td/contracts/constants';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { BoundedMap } from '../bounded';
import { declareScopeAccess } from './access';
import { issueCsrfCookie } from './csrf';
import { answerEncoding, COMPRESS_ABOVE_BYTES, type PreparedBody, preparedBody } from './precompressed';

/** Paths the web app routes itself although an API shares the prefix (the web app's /admin screens share the prefix of the back-office API's /admin/*). */
const SHARED_PREFIXES = ['/admin'];
const ASSET_MAX_AGE_S = 365 * 24 * 3600;
const SERVICE_WORKER_CSP = "default-src 'self'; frame-ancestors 'none'";

/** A browser loading a page, as opposed to the web app's own XHR (which asks for JSON). */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const mode = request.headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  return (request.headers.accept ?? '').includes('text/html');
}

/** sha256 sources of the inline scripts of index.html, for the Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

export function readIndexHtml(distDir: string): string | undefined {
  const path = join(distDir, 'index.html');
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/**
 * The pages the web app's build drew in advance (dist/prerendered/<path>.html: index.html with
 * the screen of <path> in it), by path. A browser asking for one of those paths gets its page.
 */
export function readPrerenderedPages(distDir: string): ReadonlyMap<string, string> {
  const dir = join(distDir, 'prerendered');
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html'))
      .map((file) => [`/${file.slice(0, -'.html'.length)}`, readFileSync(join(dir, file), 'utf8')]),
  );
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

export interface WebAppPage {
  /** index.html: the page of every path the build did not draw. */
  html: string;
  /** The pages the build drew, by path (`readPrerenderedPages`); same scripts and policy as index.html. */
  prerendered: ReadonlyMap<string, string>;
  /** The document's security headers (CSP and the rest). */
  headers: Record<string, string>;
  isHttps: boolean;
  /** The public general settings (`GET /settings/general`), written into every page sent. */
  readSettings?: () => Promise<Record<string, unknown>>;
}

/**
 * The page with the public general settings in it, as a JSON data block (never run, so outside the
 * script policy; `<` escaped, so no value can end the element). Without them (the database is
 * away), the page as built: the app then asks for them itself.
 */
export async function withPageSettings(
  html: string,
  readSettings: WebAppPage['readSettings'],
  request: FastifyRequest,
): Promise<string> {
  if (!readSettings) return html;
  try {
    const json = JSON.stringify(await readSettings()).replace(/</g, '\\u003c');
    return html.replace(
      '</head>',
      `<script type="application/json" id="${PAGE_SETTINGS_ELEMENT_ID}">${json}</script></head>`,
    );
  } catch (error) {
    request.log.warn({ err: error }, 'the page is sent without its settings');
    return html;
  }
}

/** Distinct pages kept with their compressed forms (a page changes only with the build and the settings). */
const PREPARED_PAGES_KEPT = 32;
const preparedPages = new BoundedMap<string, PreparedBody>(PREPARED_PAGES_KEPT);

/**
 * A page with its compressed forms, each made at the strongest settings, off the event loop, once
 * per distinct page. The pages of the paths the web app routes itself are answered by the
 * not-found handler, which the compression plugin's per-route hook never reaches: they are
 * compressed here.
 */
function preparedPage(html: string): PreparedBody {
  let page = preparedPages.get(html);
  if (!page) {
    page = preparedBody(Buffer.from(html));
    preparedPages.set(html, page);
  }
  return page;
}

async function sendIndex(
  request: FastifyRequest,
  reply: FastifyReply,
  page: WebAppPage,
): Promise<FastifyReply> {
  issueCsrfCookie(request, reply, { secure: page.isHttps });
  const html = await withPageSettings(
    page.prerendered.get(pathOf(request)) ?? page.html,
    page.readSettings,
    request,
  );
  reply.headers(page.headers).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  const encoding = answerEncoding(request.headers['accept-encoding']);
  if (!encoding || Buffer.byteLength(html) < COMPRESS_ABOVE_BYTES) return reply.send(html);
  return reply
    .header('content-encoding', encoding)
    .header('vary', 'accept-encoding')
    .send(await preparedPage(html).encoded(encoding));
}

/** For the not-found handler: a browser navigation to a path no route answers gets the web app. */
export function webAppFallback(page: WebAppPage) {
  return (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined =>
    isNavigation(request) && !/\.[a-z0-9]+$/i.test(pathOf(request))
      ? sendIndex(request, reply, page)
      : undefined;
}

/**
 * A browser navigation to a path the web app shares with the API (/admin/...) gets the web app.
 * Registered before the API's modules, so it runs ahead of their own request hooks (the admin
 * role check would otherwise answer the page load with a JSON 401). A signed link's route (an
 * identity document) is not a screen: opened in a tab of its own, it answers with what it serves.
 */
export function registerSharedPrefixPages(app: FastifyInstance, page: WebAppPage): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.access === 'signed') return;
    const path = pathOf(request);
    const isShared = SHARED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    if (isShared && isNavigation(request)) return sendIndex(request, reply, page);
  });
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and (with
 * webAppFallback) index.html for every browser navigation that no API route answers.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, page: WebAppPage): Promise<void> {
  const assetsDir = join(distDir, 'assets');
  const serviceWorkerFile = join(distDir, 'sw.js');
  // The static plugin's routes cannot carry a config: its scope declares them public.
  const staticFiles: FastifyPluginAsync = async (files) => {
    declareScopeAccess(files, 'public');
    await files.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes each asset's .br and .gz beside it: sent as such to a browser that takes them.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.startsWith(assetsDir) ? `public, max-age=${ASSET_MAX_AGE_S}, immutable` : 'no-cache',
        );
        // The service worker runs under its own script's policy: it fetches the app's files from
        // this origin and nothing else (the API's "default-src 'none'" would stop it).
        // (`path` is the file sent: its .br or .gz sibling when compressed.)
        if (path.replace(/\.(br|gz)$/, '') === serviceWorkerFile) {
          reply.header('content-security-policy', SERVICE_WORKER_CSP);
        }
      },
    });
  };
  await app.register(staticFiles);

  app.get('/', { config: { access: 'public' } }, (request, reply) => sendIndex(request, reply, page));
}
