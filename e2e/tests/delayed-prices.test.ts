import { startWsServer } from '@td/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { createUser, type TCreatedUser } from '../support/factories';
import { useJourneyEnvironment } from '../support/journey';

// Crypto prices from an exchange's stream (a local server speaking Binance's format): while it
// sends, the Trade tab takes market orders; when it goes quiet for longer than
// trading.maxQuoteAgeMs (5 s), the pair shows Delayed and the ticket holds market orders; the next
// prices lift both.

const QUIET_WAIT_MS = 20_000;

let feed: Awaited<ReturnType<typeof startWsServer>> | undefined;
const serverEnv: Record<string, string> = { MARKET_FEED: 'binance' };
beforeAll(async () => {
  feed = await startWsServer();
  serverEnv.BINANCE_WS_URL = feed.url;
});
afterAll(async () => feed?.close());
const env = useJourneyEnvironment(serverEnv);

let update = 1;
/**
 * The best bid and ask of BTC/USDT and a trade of its current minute, as the exchange sends them:
 * the trade is what makes the price fresh.
 */
function sendPrice() {
  const connection = feed?.connections.at(-1);
  if (!connection) throw new Error('the server has not connected to the feed');
  const nowMs = Date.now();
  const minute = Math.floor(nowMs / 60_000) * 60_000;
  const last = (47_000.1 + update / 100).toFixed(2);
  connection.send({
    stream: 'btcusdt@bookTicker',
    data: {
      u: update,
      s: 'BTCUSDT',
      b: (47_000 + update / 100).toFixed(2),
      B: '1',
      a: (47_000.2 + update / 100).toFixed(2),
      A: '1',
    },
  });
  connection.send({
    stream: 'btcusdt@kline_1m',
    data: {
      e: 'kline',
      E: nowMs,
      s: 'BTCUSDT',
      k: {
        t: minute,
        T: minute + 59_999,
        s: 'BTCUSDT',
        i: '1m',
        o: '47000.00',
        c: last,
        h: '47100.00',
        l: '46900.00',
        v: '1',
        n: update,
        x: false,
        q: String(47_000 * update),
        V: '1',
        Q: '1',
        B: '0',
      },
    },
  });
  update += 1;
}

describe('delayed prices', () => {
  let user: TCreatedUser;
  beforeAll(async () => {
    user = await createUser(env);
    // The server connects to the feed once it has started; a bounded wait for it.
    const deadline = Date.now() + 15_000;
    while ((feed?.connections.length ?? 0) === 0) {
      if (Date.now() > deadline) throw new Error('the server never connected to the feed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('shows the pair Delayed and holds market orders while the feed is quiet', async () => {
    const page = await env.openPage({ token: user.token, theme: 'light' });
    const ticker = setInterval(sendPrice, 500);
    try {
      await page.goto('/dashboard/trade?pair=BTC_USDT');
      const ticket = page.getByTestId('order-ticket');
      const buy = ticket.getByRole('button', { name: /^Buy BTC/ });
      await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true);
      expect(await page.getByText('Delayed', { exact: true }).count()).toBe(0);
    } finally {
      clearInterval(ticker);
    }

    // Quiet: after the allowed age, the badge, the reason and a held ticket.
    await page.getByText('Delayed', { exact: true }).waitFor({ timeout: QUIET_WAIT_MS });
    const ticket = page.getByTestId('order-ticket');
    expect(await ticket.getByTestId('prices-delayed').textContent()).toBe(
      'Prices for BTC/USD are delayed: market orders wait for a fresh price.',
    );
    expect(await ticket.getByRole('button', { name: /^Buy BTC/ }).isDisabled()).toBe(true);
    await screenshot(page, 'trade-delayed-1440-light');

    // Fresh prices lift it.
    const resumed = setInterval(sendPrice, 500);
    try {
      await expect
        .poll(() => page.getByText('Delayed', { exact: true }).count(), { timeout: 15_000 })
        .toBe(0);
      await expect.poll(() => ticket.getByRole('button', { name: /^Buy BTC/ }).isEnabled()).toBe(true);
    } finally {
      clearInterval(resumed);
    }
  });
});
