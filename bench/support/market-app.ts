// The whole product with a live simulated market, as the stream and public-endpoint benchmarks run
// it: a mailbox for its sign-ups, the app (on its own PostgreSQL database if asked), and the market
// engine ticking every pair of the catalogue on the app's bus.
import type { AddressInfo } from 'node:net';
import { type Bus, createMarketEngine } from '@td/server/bench';
import { buildTestApp, startTestMailbox, type TestApp } from '@td/server/testing';
import pino from 'pino';
import { buildTestAppOnPostgres } from './postgres-app';
import { progress } from './report';

export interface MarketApp {
  t: TestApp;
  mailbox: Awaited<ReturnType<typeof startTestMailbox>>;
  /** Starts the app listening on a free port of 127.0.0.1: its base URL. */
  listen(): Promise<string>;
  /** Stops the market (the board keeps its last prices); once only, however often it is called. */
  stopMarket(): Promise<void>;
  /** Stops the market unless the benchmark already did (a failure then was its to report), the app and the mailbox. */
  close(): Promise<void>;
}

/**
 * Starts the product and its market, and waits until every pair has its history (prices on the
 * board); `bus` replaces the app's own (to watch what is published), `isPostgres` puts the app on a
 * database of its own. On a failure everything started is closed again.
 */
export async function startMarketApp(options: { bus?: Bus; isPostgres?: boolean } = {}): Promise<MarketApp> {
  const mailbox = await startTestMailbox();
  const appOptions = {
    env: { LOG_LEVEL: 'silent', SMTP_URL: mailbox.url },
    ...(options.bus ? { bus: options.bus } : {}),
  };
  const t = await (options.isPostgres ? buildTestAppOnPostgres(appOptions) : buildTestApp(appOptions));
  const logger = pino({ level: 'silent' });
  const engine = createMarketEngine({ db: t.deps.db, bus: t.deps.bus, logger, marketSeed: 42 });
  const stopEngine = await engine.start();
  let stopping: Promise<void> | undefined;
  const stopMarket = () => {
    stopping ??= stopEngine();
    return stopping;
  };
  const close = async () => {
    if (stopping === undefined) await stopMarket();
    else await stopping.catch(() => undefined);
    await t.close();
    await mailbox.close();
  };
  try {
    progress('preparing market history');
    await engine.ready();
  } catch (error) {
    await stopMarket().catch(() => undefined);
    await close();
    throw error;
  }
  return {
    t,
    mailbox,
    async listen() {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    },
    stopMarket,
    close,
  };
}
