import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBinanceJourney } from '../support/binance-feed';
import { inEachVariant, screenshot } from '../support/browser';
import { callApi, createUser, type TCreatedUser } from '../support/factories';
import { expectToast, tradeBarSettled, waitForLiveChart } from '../support/journey';

// A trailing stop-loss run by the server, watched live: prices come from a local exchange stream
// (Binance's format) the test moves. Each new high moves the position's stop-loss up by as much;
// the positions table and the chart follow without a reload, the line crossing above the entry
// once the stop locks in a profit; a fall does not move it back, and a fall to it closes the position.

const live = useBinanceJourney();
const env = live.env;

interface TOrder {
  id: string;
  status: string;
  price: string | null;
  stopLoss: string | null;
  trailingStop: string | null;
}

const DISTANCE = 20;
let bid = 47_000;
let ticker: NodeJS.Timeout | undefined;

/** The chart's drawn lines, px from its top, by title. */
const lineY = (page: Page) =>
  page.evaluate(() => {
    const raw = document.querySelector<HTMLElement>('[data-testid="candle-chart"]')?.dataset.lineY;
    return raw ? (JSON.parse(raw) as Record<string, number | null>) : {};
  });

describe('a trailing stop-loss on live prices', () => {
  let user: TCreatedUser;
  beforeAll(async () => {
    user = await createUser(env);
    await live.feed.connected();
    ticker = setInterval(() => live.feed.sendBtc(bid), 250);
  });
  afterAll(() => clearInterval(ticker));

  const orderOf = async (id: string) => {
    const { data } = await callApi<{ items: TOrder[] }>(
      env.server,
      'GET',
      '/orders?account=demo&status=act,exc',
      { token: user.token },
    );
    return data.items.find((order) => order.id === id) as TOrder;
  };

  it('follows each new high on the server, in the positions table and on the chart, then closes on the fall', async () => {
    // A market buy trailing 20 USD behind the bid (asked again while the first prices arrive: until
    // then the pair's prices are delayed).
    // Until the exchange's first price arrives, the pair's last stored one stands: wait for the feed.
    await expect
      .poll(
        async () => {
          const { data } = await callApi<Record<string, { bid: string }>>(
            env.server,
            'GET',
            '/public/prices',
          );
          return Number(Object.entries(data).find(([key]) => key.endsWith(':BTC_USDT'))?.[1]?.bid);
        },
        { timeout: 30_000 },
      )
      .toBe(bid);
    let opened: TOrder | undefined;
    const deadline = Date.now() + 30_000;
    while (opened?.status !== 'act') {
      try {
        ({ data: opened } = await callApi<TOrder>(env.server, 'POST', '/orders', {
          body: {
            account: 'demo',
            symbol: 'BTC_USDT',
            side: 'buy',
            type: 'market',
            amount: '500',
            leverage: 5,
            trailingStop: String(DISTANCE),
          },
          token: user.token,
        }));
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    const id = opened.id;
    // It starts the distance behind the bid, the price the position would close at.
    expect(opened.stopLoss).toBe((bid - DISTANCE).toFixed(2));

    // The system's light theme (no pick stored), so the screenshots below can switch it.
    const page = await env.openPage({ token: user.token, colorScheme: 'light' });
    await page.goto('/dashboard/trade?pair=BTC_USDT');
    await waitForLiveChart(page);
    // The position's exits: take-profit / stop-loss, then the trailing distance.
    const exits = page
      .getByTestId('positions-table')
      .getByTestId('trailing-distance')
      .locator('..')
      .locator('.tone-down');
    await expect.poll(() => exits.textContent(), { timeout: 15_000 }).toBe('46,980.00');
    // Below the entry while the stop still risks a loss.
    await expect
      .poll(async () => {
        const y = await lineY(page);
        return (y['Trailing SL'] ?? 0) > (y['Buy entry'] ?? Number.POSITIVE_INFINITY);
      })
      .toBe(true);

    // New highs, step by step: the stop follows 20 USD behind the best bid.
    for (const high of [47_010, 47_030, 47_050]) {
      bid = high;
      await expect
        .poll(async () => (await orderOf(id)).stopLoss, { timeout: 15_000 })
        .toBe((high - DISTANCE).toFixed(2));
    }
    await expect.poll(() => exits.textContent(), { timeout: 15_000 }).toBe('47,030.00');
    // Above the entry now: the stop locks in a profit.
    await expect
      .poll(async () => {
        const y = await lineY(page);
        return (y['Trailing SL'] ?? Number.POSITIVE_INFINITY) < (y['Buy entry'] ?? 0);
      })
      .toBe(true);
    // The moved stop in every variant, on this page resized and its theme switched; the last
    // variant is 1440 px in the light theme, as the page was opened, for the fall below.
    const moved = page
      .getByTestId('positions-table')
      .getByTestId('trailing-distance')
      .first()
      .locator('..')
      .locator('.tone-down');
    await inEachVariant(page, async ({ theme, size }) => {
      await expect.poll(() => moved.textContent(), { timeout: 15_000 }).toBe('47,030.00');
      if (size === '375') await tradeBarSettled(page);
      await screenshot(page, `trade-trailing-moved-${size}-${theme}`, { fullPage: true });
    });

    // A fall short of the stop leaves it where it is; a fall to it closes the position there.
    bid = 47_040;
    await expect
      .poll(() => page.getByTestId('candle-chart').getAttribute('data-last-close'), { timeout: 15_000 })
      .toBe('47040.10');
    expect((await orderOf(id)).stopLoss).toBe('47030.00');
    bid = 47_025;
    await expect.poll(async () => (await orderOf(id)).status, { timeout: 15_000 }).toBe('exc');
    await expectToast(page, 'Stop loss');
    await expect
      .poll(() => page.getByTestId('positions-table').getByTestId('trailing-distance').count())
      .toBe(0);
  });
});
