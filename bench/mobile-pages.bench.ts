import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  callProcess,
  ensureNginx,
  freePort,
  type RunningNginx,
  signUpOnProcess,
  spawnServer,
  startNginx,
  startTestMailbox,
  waitForMarketHistory,
} from '@td/server/testing';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { type BenchReport, progress, round, stopChild, trackChild } from './support/report';

// Targets of a phone's visit, on Lighthouse's mobile emulation (a mid-range phone, slow 4G).
const LOGIN_PERFORMANCE_MIN = 95;
const LOGIN_JS_KB_MAX = 120;
const LOGIN_LCP_MS_MAX = 2000;
/** The Dashboard's chart for a first visit (nothing cached) and for a returning user (cache warm). */
const CHART_COLD_MS_MAX = 3000;
const CHART_WARM_MS_MAX = 1500;
/** How long a returning user's first visit may take to leave the app's files in the cache. */
const WARM_UP_MS = 30_000;

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WEB_INDEX = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist', 'index.html');
/** The mark the Dashboard's chart sets when its first candles are drawn. */
const CHART_DRAWN_MARK = 'chart-drawn';
const STARTUP_MS = 150_000;

/** Lighthouse's answer for one page, reduced to what the table shows. */
interface PageRun {
  scores: Record<string, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Compressed bytes of JavaScript the page loaded. */
  jsBytes: number;
  /** The user timings the page set, by name, in ms from navigation start. */
  marks: Record<string, number>;
}

/** Lighthouse's figures vary from run to run: the login page is measured this many times. */
const LOGIN_RUNS = 5;

/** The run of median performance score (ties by LCP), as Lighthouse advises reporting. */
function medianRun(runs: PageRun[]): PageRun {
  const sorted = [...runs].sort(
    (a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0) || b.lcpMs - a.lcpMs,
  );
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no Lighthouse run to take the median of');
  return middle;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function reduce(lhr: Lhr): PageRun {
  const audit = (id: string) => lhr.audits[id];
  if (process.env.BENCH_REQUESTS) {
    const all = (audit('network-requests')?.details as { items?: Array<Record<string, unknown>> } | undefined)
      ?.items;
    for (const item of all ?? [])
      process.stderr.write(
        `    ${Math.round(Number(item.networkRequestTime))}–${Math.round(Number(item.networkEndTime))} ms ${item.transferSize} B ${String(item.url).replace(/^https?:\/\/[^/]+/, '')}\n`,
      );
  }
  const items = (audit('network-requests')?.details as { items?: Array<Record<string, unknown>> } | undefined)
    ?.items;
  const timings = (audit('user-timings')?.details as { items?: Array<Record<string, unknown>> } | undefined)
    ?.items;
  return {
    scores: Object.fromEntries(
      Object.entries(lhr.categories).map(([key, category]) => [key, Math.round((category.score ?? 0) * 100)]),
    ),
    fcpMs: audit('first-contentful-paint')?.numericValue ?? Number.NaN,
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
    tbtMs: audit('total-blocking-time')?.numericValue ?? Number.NaN,
    jsBytes: (items ?? [])
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0),
    marks: Object.fromEntries(
      (timings ?? [])
        .filter((item) => item.timingType === 'Mark')
        .map((item) => [String(item.name), Number(item.startTime)]),
    ),
  };
}

/** A page as bare as a page gets: the baseline every figure is set against. */
async function startBarePage(): Promise<{ url: string; close: () => Promise<void> }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Baseline"><title>Baseline</title></head><body><main><h1>Baseline</h1><p>A page with nothing to load.</p></main></body></html>';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The Dashboard's chart time at `origin` in a fresh tab under the same throttling Lighthouse's
 * applied mode uses (562.5 ms round trips, 1.33 Mbps down, 4× slower CPU; a phone's screen), the
 * session in storage: for comparing the front door (TLS, HTTP/2) with the process itself, where
 * Lighthouse would refuse the front door's self-signed certificate. Cold: the cache disabled.
 * Warm (a returning user): the tab first opens the Dashboard unthrottled and waits until the
 * installed app's service worker has stored the app's files, then opens it again throttled.
 */
async function chartDrawnAt(
  browser: Browser,
  origin: string,
  token: string,
  cache: 'cold' | 'warm' = 'cold',
): Promise<number> {
  const page = await browser.newPage();
  const chartDrawn = async () => {
    await page.waitForFunction(
      `performance.getEntriesByName(${JSON.stringify(CHART_DRAWN_MARK)}).length > 0`,
      { timeout: 60_000 },
    );
    return Number(
      await page.evaluate(`performance.getEntriesByName(${JSON.stringify(CHART_DRAWN_MARK)})[0].startTime`),
    );
  };
  try {
    await page.goto(`${origin}/authentication/login`);
    await page.evaluate(`localStorage.setItem('TOKEN', ${JSON.stringify(token)})`);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    if (cache === 'warm') {
      await page.goto(`${origin}/dashboard/home`, { waitUntil: 'load', timeout: 60_000 });
      await chartDrawn();
      // Run in the page (a string: this file is not compiled against the DOM).
      await page.waitForFunction('!navigator.serviceWorker || navigator.serviceWorker.controller !== null', {
        timeout: WARM_UP_MS,
      });
    } else {
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    }
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1474.56 * 1024 * 0.9) / 8,
      uploadThroughput: (675 * 1024 * 0.9) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
    await page.goto(`${origin}/dashboard/home`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    return await chartDrawn();
  } finally {
    await page.close();
  }
}

/**
 * Lighthouse on the login page (its own mobile defaults: simulated slow 4G and a 4× slower CPU)
 * and on a signed-in Dashboard, each against a bare page in the same run. The Dashboard runs with
 * the throttling applied for real (devtools), so the chart's own mark is timed under it; the
 * session is put in the page's storage first, and kept.
 */
export async function mobilePagesBench(): Promise<BenchReport> {
  if (!existsSync(WEB_INDEX)) throw new Error('The web app is not built: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'td-bench-mobile-'));
  const mailbox = await startTestMailbox();
  progress('starting the product on an empty embedded database');
  const server = await spawnServer({ DATA_DIR: dataDir, SMTP_URL: mailbox.url, LOG_LEVEL: 'warn' });
  trackChild(server.child);
  const bare = await startBarePage();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // The front door's certificate is made for the run: the browser is told to take it.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--ignore-certificate-errors'],
  });
  let frontDoor: RunningNginx | undefined;
  // Lighthouse on a page it did not open loses that page now and then ("Session closed"), and can
  // reject late, from the wait for a quiet page it was still running: the same lost run, reported
  // with the Dashboard's row, not a reason to end the benchmark.
  let dashboardError: string | undefined;
  const onLateRejection = (reason: unknown) => {
    const message = reason instanceof Error ? reason.message : String(reason);
    if (!message.includes('Session closed')) throw reason;
    dashboardError ??= message;
  };
  try {
    await server.waitUntilHealthy(STARTUP_MS);
    const user = await signUpOnProcess(server.url, mailbox);
    // The demo book is opened, so the Dashboard shows what a returning user sees.
    await callProcess(server.url, '/portfolio?account=demo', { token: user.token });
    // The first start's history writing takes the CPU for half a minute: no page is timed beside it.
    progress("waiting for every pair's market history");
    await waitForMarketHistory(server.url, user.token);

    const mobile = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const };
    const categories = ['performance', 'accessibility', 'best-practices'];
    const run = async (url: string, flags: Record<string, unknown> = {}, page?: unknown) => {
      const result = await lighthouse(
        url,
        { ...mobile, onlyCategories: categories, ...flags },
        undefined,
        page as never,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      return reduce(result.lhr);
    };

    progress(`Lighthouse, mobile: the bare page (baseline), then the login page ${LOGIN_RUNS} times`);
    const bareSimulated = await run(bare.url);
    const logins: PageRun[] = [];
    for (let turn = 0; turn < LOGIN_RUNS; turn++)
      logins.push(await run(`${server.url}/authentication/login`));
    const login = medianRun(logins);
    // The same page with the throttling applied for real: what the simulation models from an
    // unthrottled load (the page's screen drawn by the HTML, before its scripts) is measured.
    const loginsApplied: PageRun[] = [];
    for (let turn = 0; turn < LOGIN_RUNS; turn++) {
      loginsApplied.push(await run(`${server.url}/authentication/login`, { throttlingMethod: 'devtools' }));
    }
    const loginApplied = medianRun(loginsApplied);

    progress('Lighthouse, mobile with applied throttling: the bare page, then the signed-in Dashboard');
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${server.url}/authentication/login`);
    // Run in the page (a string: this file is not compiled against the DOM).
    await page.evaluate(`localStorage.setItem('TOKEN', ${JSON.stringify(user.token)})`);
    // A first visit: nothing cached, only the session kept.
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    const applied = { throttlingMethod: 'devtools', disableStorageReset: true };
    const bareApplied = await run(bare.url, applied);
    // Lighthouse on a page it did not open loses that page now and then ("Session closed"): the
    // timed turns below do not need it, so its row says so instead of ending the benchmark.
    process.on('unhandledRejection', onLateRejection);
    const dashboard = await run(`${server.url}/dashboard/home`, applied, page).catch((error: unknown) => {
      dashboardError = error instanceof Error ? error.message : String(error);
      return undefined;
    });

    progress('the Dashboard through nginx (TLS, HTTP/2) and straight from the process, in turns');
    ensureNginx();
    frontDoor = await startNginx({
      port: await freePort(),
      upstreams: [server.url.replace('http://', '')],
      tls: true,
    });
    const direct: number[] = [];
    const throughFrontDoor: number[] = [];
    for (let turn = 0; turn < 2; turn++) {
      direct.push(await chartDrawnAt(browser, server.url, user.token));
      throughFrontDoor.push(await chartDrawnAt(browser, frontDoor.url, user.token));
    }
    progress('a returning user: the Dashboard again with the cache warm, straight and through nginx');
    const warmDirect: number[] = [];
    const warmFrontDoor: number[] = [];
    for (let turn = 0; turn < 2; turn++) {
      warmDirect.push(await chartDrawnAt(browser, server.url, user.token, 'warm'));
      warmFrontDoor.push(await chartDrawnAt(browser, frontDoor.url, user.token, 'warm'));
    }
    await browser.disconnect();
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

    const chartMs = dashboard?.marks[CHART_DRAWN_MARK] ?? Number.NaN;
    const chartWarmMs = median(warmDirect);
    const loginKb = round(login.jsBytes / 1000, 1);
    const row = (name: string, result: PageRun, base: PageRun, extra: string) => [
      name,
      result.scores.performance ?? '—',
      result.scores.accessibility ?? '—',
      result.scores['best-practices'] ?? '—',
      round(result.fcpMs),
      round(result.lcpMs),
      `${round(result.lcpMs / base.lcpMs, 1)} ×`,
      round(result.tbtMs),
      round(result.jsBytes / 1000, 1),
      extra,
    ];
    /** A row timed without Lighthouse: only the chart's column has a figure. */
    const timedOnly = (name: string, chart: string) => [name, ...Array.from({ length: 8 }, () => '—'), chart];
    return {
      title: 'A phone’s first visit (Lighthouse, mobile)',
      target: `login: performance ≥ ${LOGIN_PERFORMANCE_MIN}, accessibility and best practices 100, LCP ≤ ${LOGIN_LCP_MS_MAX / 1000} s, at most ${LOGIN_JS_KB_MAX} KB of JavaScript compressed; Dashboard: chart drawn within ${CHART_COLD_MS_MAX / 1000} s cold (Lighthouse) and ${CHART_WARM_MS_MAX / 1000} s warm (median, straight from the process)`,
      met:
        (login.scores.performance ?? 0) >= LOGIN_PERFORMANCE_MIN &&
        login.scores.accessibility === 100 &&
        login.scores['best-practices'] === 100 &&
        login.lcpMs <= LOGIN_LCP_MS_MAX &&
        loginKb <= LOGIN_JS_KB_MAX &&
        chartMs <= CHART_COLD_MS_MAX &&
        chartWarmMs <= CHART_WARM_MS_MAX,
      columns: [
        'page',
        'performance',
        'accessibility',
        'best practices',
        'FCP ms',
        'LCP ms',
        'LCP vs bare page',
        'TBT ms',
        'JS KB (compressed)',
        'chart drawn ms',
      ],
      rows: [
        row('baseline: bare page, simulated throttling', bareSimulated, bareSimulated, '—'),
        row(`login, simulated throttling (median of ${LOGIN_RUNS})`, login, bareSimulated, '—'),
        row('baseline: bare page, applied throttling', bareApplied, bareApplied, '—'),
        row(`login, applied throttling (median of ${LOGIN_RUNS})`, loginApplied, bareApplied, '—'),
        dashboard
          ? row('Dashboard (signed in), applied throttling', dashboard, bareApplied, String(round(chartMs)))
          : timedOnly('Dashboard (signed in), applied throttling: Lighthouse lost the page', '—'),
        timedOnly(
          'Dashboard straight from the process (HTTP/1.1), same throttling, no Lighthouse',
          direct.map((ms) => round(ms)).join(' / '),
        ),
        timedOnly(
          'Dashboard through nginx (TLS, HTTP/2), same throttling, no Lighthouse',
          `${throughFrontDoor.map((ms) => round(ms)).join(' / ')} (${round(median(throughFrontDoor) / median(direct), 2)} × straight)`,
        ),
        timedOnly(
          'Dashboard again, cache warm (a returning user), straight from the process, same throttling',
          warmDirect.map((ms) => round(ms)).join(' / '),
        ),
        timedOnly(
          'Dashboard again, cache warm, through nginx (TLS, HTTP/2), same throttling',
          warmFrontDoor.map((ms) => round(ms)).join(' / '),
        ),
      ],
      notes: [
        ...(dashboardError ? [`The Dashboard's Lighthouse run failed: ${dashboardError}`] : []),
        `The login page's ${LOGIN_RUNS} runs, simulated: performance ${logins.map((each) => each.scores.performance).join(', ')}; LCP ${logins.map((each) => round(each.lcpMs)).join(', ')} ms. Applied: performance ${loginsApplied.map((each) => each.scores.performance).join(', ')}; LCP ${loginsApplied.map((each) => round(each.lcpMs)).join(', ')} ms. The median run is the one of median performance (then LCP).`,
        `Chromium ${CHROMIUM}, Lighthouse's mobile emulation (Moto G power class, slow 4G: 150 ms RTT, 1.6 Mbps down, 4× CPU slowdown). "Simulated" is Lighthouse's default model of that network from an unthrottled load; "applied" throttles the load itself (DevTools), which the chart's own user timing (\`${CHART_DRAWN_MARK}\`) needs.`,
      ],
    };
  } finally {
    process.off('unhandledRejection', onLateRejection);
    await frontDoor?.stop();
    await chrome.kill();
    await bare.close();
    await mailbox.close();
    await stopChild(server.child, server.exited);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
