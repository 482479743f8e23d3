import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inEachVariant, screenshot } from '../support/browser';
import { callApi, createUser, openPositionByApi } from '../support/factories';
import {
  chartLineY,
  expectTitle,
  expectToast,
  useJourneyEnvironment,
  waitForLiveChart,
} from '../support/journey';

// Trading from the Trade chart: a position's take-profit and stop-loss lines, a pending limit
// order's line and the exits it will open with are dragged to new prices (with the ticket's checks,
// and an Undo), and a click on a line opens its order.

const env = useJourneyEnvironment({}, { isShared: true });

type TOrderData = { id: string; price: string; takeProfit: string | null; stopLoss: string | null };

/**
 * Presses on a line, moves it by `dy` px, and lets go (dy 0: a click). Live candles rescale the
 * chart, so a line can move between reading its place and pressing: the press is tried again
 * (a few times) until the chart says it holds that line, the chart drawing again between tries.
 */
async function dragLine(page: Page, title: string, dy: number) {
  const chart = page.getByTestId('candle-chart');
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  const x = box.x + box.width * 0.4;
  for (let attempt = 1; ; attempt += 1) {
    const y = box.y + (await chartLineY(page, title));
    await page.mouse.move(x, y);
    await page.mouse.down();
    if ((await chart.getAttribute('data-dragging')) === title) {
      if (dy !== 0) await page.mouse.move(x, y + dy, { steps: 6 });
      await page.mouse.up();
      return;
    }
    await page.mouse.up();
    if (attempt === 12) throw new Error(`the ${title} line could not be pressed`);
    // The chart draws again (a new candle, a new scale) before the line's place is read again.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }
}

/**
 * A user with a demo buy position whose exits are 2 % away, and a pending limit buy 3 % below it
 * whose exits are far from the market (the scale widens to keep them in view, and the position's
 * lines, closer together for it, must still be pressed one by one).
 */
async function tradeOnTheChart() {
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
      takeProfit: (entry * 1.08).toFixed(2),
      stopLoss: (entry * 0.9).toFixed(2),
    },
    token: user.token,
  });
  return { user, opened, exits, limit };
}

/** Presses Undo in the notice that says `text` (another move's notice may still show its own). */
const undoIn = (page: Page, text: string) =>
  page.locator('[role="status"]', { hasText: text }).getByRole('button', { name: 'Undo' }).last().click();

/** A price drawn on the chart: its line, the price the API holds for it now, and the notices of a move. */
interface TChartPrice {
  line: string;
  read(): Promise<string | null | undefined>;
  moved: string;
  restored?: string;
}

/** Drags the price's line by `dy` px: its notice says so, and the price goes past `from` the way the line went. */
async function moveLine(page: Page, price: TChartPrice, dy: number, from: string | null) {
  await dragLine(page, price.line, dy);
  await expectToast(page, price.moved);
  const now = expect.poll(async () => Number(await price.read()));
  await (dy < 0 ? now.toBeGreaterThan(Number(from)) : now.toBeLessThan(Number(from)));
}

/** Presses Undo in the notice of the price's last move: the price is `from` again, and a notice says so. */
async function undoMove(page: Page, price: TChartPrice, from: string | null) {
  if (!price.restored) throw new Error(`the ${price.line} line has no notice of an undone move`);
  await undoIn(page, price.moved);
  await expectToast(page, price.restored);
  await expect.poll(price.read).toBe(from);
}

/** Expects each titled line within the chart's height (`where` names the case in a failure). */
async function expectLinesInView(page: Page, titles: readonly string[], where = '') {
  const height = (await page.getByTestId('candle-chart').boundingBox())?.height ?? 0;
  for (const title of titles) {
    const y = await chartLineY(page, title);
    expect(y, `${title}${where}`).toBeGreaterThanOrEqual(0);
    expect(y, `${title}${where}`).toBeLessThanOrEqual(height);
  }
}

describe('trading from the chart', () => {
  it('drags take-profit, stop-loss and limit lines, undoes a move, and opens an order from its line', async () => {
    const { user, opened, exits, limit } = await tradeOnTheChart();
    const order = async (id: string) =>
      (
        await callApi<{ items: TOrderData[] }>(env.server, 'GET', '/orders?account=demo&limit=20', {
          token: user.token,
        })
      ).data.items.find((each) => each.id === id);
    const takeProfit: TChartPrice = {
      line: 'TP',
      read: async () => (await order(opened.id))?.takeProfit,
      moved: 'Take profit moved to',
      restored: 'Take profit restored',
    };
    const limitPrice: TChartPrice = {
      line: 'Limit buy',
      read: async () => (await order(limit.id))?.price,
      moved: 'Limit price moved to',
    };
    const limitStopLoss: TChartPrice = {
      line: 'Limit buy SL',
      read: async () => (await order(limit.id))?.stopLoss,
      moved: 'Stop loss moved to',
      restored: 'Stop loss restored',
    };

    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/trade');
    await expectTitle(page, 'Trade');
    await waitForLiveChart(page);

    // The pending order's exits are drawn, named after it, and every line is in view.
    await expectLinesInView(page, ['Limit buy TP', 'Limit buy SL', 'Limit buy', 'TP', 'SL', 'Buy entry']);

    // The take-profit, higher: the order follows, and Undo puts it back.
    await moveLine(page, takeProfit, -30, exits.takeProfit);
    await undoMove(page, takeProfit, exits.takeProfit);

    // The stop-loss above the price a buy closes at: refused as the ticket refuses it, unchanged.
    // Above the take-profit is above that price whatever the market did since the entry (the
    // position would have closed at its take-profit otherwise).
    const above = (await chartLineY(page, 'TP')) - (await chartLineY(page, 'SL')) - 12;
    await dragLine(page, 'SL', above);
    await expectToast(page, 'must be below the current price for a buy');
    expect((await order(opened.id))?.stopLoss).toBe(exits.stopLoss);

    // The limit order's price, lower.
    await moveLine(page, limitPrice, 25, limit.price);

    // The pending order's stop-loss, lower: the order follows, and Undo puts it back.
    await moveLine(page, limitStopLoss, 20, limit.stopLoss);
    // The earlier move's notice may still be on screen with its own Undo: this one's is pressed.
    await undoMove(page, limitStopLoss, limit.stopLoss);

    // Its take-profit below its limit price: refused as the edit dialog refuses it, unchanged.
    const belowLimit = (await chartLineY(page, 'Limit buy')) - (await chartLineY(page, 'Limit buy TP')) + 15;
    await dragLine(page, 'Limit buy TP', belowLimit);
    await expectToast(page, 'must be above');
    expect((await order(limit.id))?.takeProfit).toBe(limit.takeProfit);

    // The position's take-profit still moves with the pending order's lines on the chart.
    await moveLine(page, takeProfit, -20, exits.takeProfit);

    // A click on the entry line opens the position.
    await dragLine(page, 'Buy entry', 0);
    const dialog = page.getByTestId('edit-exits-dialog');
    await dialog.getByText('Take profit / Stop loss').waitFor();
    expect(Number(await dialog.getByLabel('Take profit').inputValue())).toBeGreaterThan(
      Number(exits.takeProfit),
    );
    // Eight drags and their toasts, each waiting on the server and a live chart.
  }, 150_000);

  it("draws a pending order's exits beside the position's lines, on a phone and a desktop, in both themes", async () => {
    const { user } = await tradeOnTheChart();
    // Loaded once and drawn in every variant (the page resized, its theme switched).
    const shot = await env.openScreen(user.token, '/dashboard/trade', 'Trade');
    await waitForLiveChart(shot);
    await inEachVariant(shot, async ({ theme, size }) => {
      // The lines' places are written as the chart draws a price: cleared, they are read once it
      // has drawn one at this size.
      await shot.getByTestId('candle-chart').evaluate((chart) => delete chart.dataset.lineY);
      await expectLinesInView(shot, ['Limit buy TP', 'Limit buy SL', 'TP', 'SL'], ` at ${size}`);
      await screenshot(shot, `chart-trading-lines-${size}-${theme}`);
    });
  }, 150_000);
});
