import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, openPositionByApi } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment, waitForLiveChart } from '../support/journey';

// Trading from the Trade chart: a position's take-profit and stop-loss lines and a pending limit
// order's line are dragged to new prices (with the ticket's checks, and an Undo), and a click on a
// line opens its order.

const env = useJourneyEnvironment();

type TOrderData = { id: string; price: string; takeProfit: string | null; stopLoss: string | null };

/** Where the chart draws each order's line now (px from the chart's top). */
async function lineY(page: Page, title: string): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted) => {
      const raw = document.querySelector<HTMLElement>('[data-testid="candle-chart"]')?.dataset.lineY;
      const y = raw ? (JSON.parse(raw) as Record<string, number | null>)[wanted] : null;
      return typeof y === 'number' ? y : false;
    },
    title,
    { timeout: 20_000 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Presses on a line, moves it by `dy` px, and lets go (dy 0: a click). Live candles rescale the
 * chart, so a line can move between reading its place and pressing: the press is tried again
 * (a few times) until the chart says it holds that line.
 */
async function dragLine(page: Page, title: string, dy: number) {
  const chart = page.getByTestId('candle-chart');
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  const x = box.x + box.width * 0.4;
  for (let attempt = 1; ; attempt += 1) {
    const y = box.y + (await lineY(page, title));
    await page.mouse.move(x, y);
    await page.mouse.down();
    if ((await chart.getAttribute('data-dragging')) === title) {
      if (dy !== 0) await page.mouse.move(x, y + dy, { steps: 6 });
      await page.mouse.up();
      return;
    }
    await page.mouse.up();
    if (attempt === 5) throw new Error(`the ${title} line could not be pressed`);
  }
}

describe('trading from the chart', () => {
  it('drags take-profit, stop-loss and limit lines, undoes a move, and opens an order from its line', async () => {
    const user = await createUser(env, { firstName: 'Cara', lastName: 'Chart' });
    const opened = await openPositionByApi(env.server, user.token, {
      account: 'demo',
      amount: '1000',
      leverage: 1,
    });
    const entry = Number(opened.price);
    const exits = { takeProfit: (entry * 1.02).toFixed(2), stopLoss: (entry * 0.98).toFixed(2) };
    await callApi(env.server, 'PUT', `/orders/${opened.id}`, { body: exits, token: user.token });
    const { data: limit } = await callApi<TOrderData>(env.server, 'POST', '/orders', {
      body: {
        account: 'demo',
        symbol: 'BTC_USDT',
        side: 'buy',
        type: 'limit',
        amount: '500',
        leverage: 1,
        price: (entry * 0.97).toFixed(2),
      },
      token: user.token,
    });
    const order = async (id: string) =>
      (
        await callApi<{ items: TOrderData[] }>(env.server, 'GET', '/orders?account=demo&limit=20', {
          token: user.token,
        })
      ).data.items.find((each) => each.id === id);

    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/trade');
    await expectTitle(page, 'Trade');
    await waitForLiveChart(page);

    // The take-profit, higher: the order follows, and Undo puts it back.
    await dragLine(page, 'TP', -30);
    await expectToast(page, 'Take profit moved to');
    await expect
      .poll(async () => Number((await order(opened.id))?.takeProfit))
      .toBeGreaterThan(Number(exits.takeProfit));
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Take profit restored');
    await expect.poll(async () => (await order(opened.id))?.takeProfit).toBe(exits.takeProfit);

    // The stop-loss above the price a buy closes at: refused as the ticket refuses it, unchanged.
    // Above the take-profit is above that price whatever the market did since the entry (the
    // position would have closed at its take-profit otherwise).
    const above = (await lineY(page, 'TP')) - (await lineY(page, 'SL')) - 12;
    await dragLine(page, 'SL', above);
    await expectToast(page, 'must be below the current price for a buy');
    expect((await order(opened.id))?.stopLoss).toBe(exits.stopLoss);

    // The limit order's price, lower.
    await dragLine(page, 'Limit buy', 25);
    await expectToast(page, 'Limit price moved to');
    await expect.poll(async () => Number((await order(limit.id))?.price)).toBeLessThan(Number(limit.price));

    // A click on the entry line opens the position.
    await dragLine(page, 'Buy entry', 0);
    const dialog = page.getByTestId('edit-exits-dialog');
    await dialog.getByText('Take profit / Stop loss').waitFor();
    expect(await dialog.getByLabel('Take profit').inputValue()).toBe(exits.takeProfit);
  });
});
