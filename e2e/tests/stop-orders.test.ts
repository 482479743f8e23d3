import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, inEachVariant, screenshot } from '../support/browser';
import { callApi, createUser, type TCreatedUser } from '../support/factories';
import {
  chartLineY,
  expectToast,
  tradeBarSettled,
  useJourneyEnvironment,
  waitForLiveChart,
} from '../support/journey';

// The order ticket's stop orders, trailing stop and time in force: a buy stop below the ask is
// refused beside its field before anything is sent; one above it, good till a date, waits in the
// pending orders with its type, trigger and end; a market buy trails its stop-loss. Then
// screenshots of the ticket with a stop order being written.

const env = useJourneyEnvironment({}, { isShared: true });

interface TOrder {
  id: string;
  type: string;
  status: string;
  stopPrice: string | null;
  stopLoss: string | null;
  trailingStop: string | null;
  timeInForce: string;
  expiresAt: string | null;
}

async function askOf(symbol: string): Promise<number> {
  const { data } = await callApi<Record<string, { ask: string }>>(env.server, 'GET', '/public/prices');
  const quote = Object.entries(data).find(([key]) => key.endsWith(`:${symbol}`))?.[1];
  if (!quote) throw new Error(`no price for ${symbol}`);
  return Number(quote.ask);
}

/** A local date and time as a datetime-local field takes it, `ms` from now. */
function localInput(ms: number): string {
  const at = new Date(Date.now() + ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

async function openTicket(page: Page) {
  await page.goto('/dashboard/trade?pair=BTC_USDT');
  await waitForLiveChart(page);
  return page.getByTestId('order-ticket');
}

describe('stop orders, trailing stops and expiry from the ticket', () => {
  let user: TCreatedUser;
  const ordersOf = async () =>
    (
      await callApi<{ items: TOrder[] }>(env.server, 'GET', '/orders?account=demo&limit=50', {
        token: user.token,
      })
    ).data.items;

  beforeAll(async () => {
    user = await createUser(env, { firstName: 'Stella', lastName: 'Stop' });
  });

  it('refuses a buy stop below the ask beside the field, then places one above it good till a date', async () => {
    const page = await env.openPage({ token: user.token });
    const ticket = await openTicket(page);
    await ticket.getByRole('tab', { name: 'Stop', exact: true }).click();
    const ask = await askOf('BTC_USDT');
    await ticket.getByLabel('Amount (USD)').fill('500');
    await ticket.getByLabel('Stop price').fill(String(Math.floor(ask * 0.9)));
    await ticket.getByText('A buy stop must lie above the ask').waitFor();
    const buy = ticket.getByRole('button', { name: /^Buy BTC\/USD/ });
    expect(await buy.isDisabled()).toBe(true);

    const stopPrice = Math.ceil(ask * 1.2);
    await ticket.getByLabel('Stop price').fill(String(stopPrice));
    await ticket.getByLabel('Time in force').selectOption('gtd');
    await ticket.getByLabel('Expires at').fill(localInput(2 * 3_600_000));
    expect(await buy.isDisabled()).toBe(false);
    await buy.click();
    await expectToast(page, 'Order placed successfully');
    const placed = (await ordersOf()).find((order) => order.type === 'stop');
    expect(placed).toMatchObject({ status: 'pnd', stopPrice: `${stopPrice}.00`, timeInForce: 'gtd' });
    expect(placed?.expiresAt).not.toBeNull();

    await page.getByRole('tab', { name: /Pending orders/ }).click();
    const row = page.getByTestId('pending-table').locator('tbody tr', { hasText: 'BTC/USD' });
    await row.waitFor();
    expect(await row.locator('td[data-label="Type"]').textContent()).toBe('Stop');
    expect(await row.locator('td[data-label="Expires"]').textContent()).not.toBe('GTC');
  });

  it('opens a market buy whose stop-loss trails the price', async () => {
    const page = await env.openPage({ token: user.token });
    const ticket = await openTicket(page);
    await ticket.getByRole('tab', { name: 'Market' }).click();
    await ticket.getByLabel('Amount (USD)').fill('300');
    await ticket.getByLabel('Trailing stop instead of a fixed stop loss').check();
    const distance = Math.ceil((await askOf('BTC_USDT')) * 0.02);
    await ticket.getByLabel('Trailing stop', { exact: true }).fill(String(distance));
    await ticket.getByRole('button', { name: /^Buy BTC\/USD/ }).click();
    await expectToast(page, 'Order opened successfully');
    const opened = (await ordersOf()).find((order) => order.trailingStop !== null);
    expect(opened).toMatchObject({ status: 'act', trailingStop: `${distance}.00` });
    expect(Number(opened?.stopLoss)).toBeGreaterThan(0);
    await page.getByTestId('positions-table').getByTestId('trailing-distance').first().waitFor();
  });

  it("moves a waiting stop's trigger by dragging its line on the chart", async () => {
    // One stop line on the chart: the earlier waiting orders are cancelled first.
    for (const order of await ordersOf())
      if (order.status === 'pnd')
        await callApi(env.server, 'DELETE', `/orders/${order.id}`, { token: user.token });
    const ask = await askOf('BTC_USDT');
    const { data: placed } = await callApi<TOrder>(env.server, 'POST', '/orders', {
      body: {
        account: 'demo',
        symbol: 'BTC_USDT',
        side: 'buy',
        type: 'stop',
        stopPrice: (ask * 1.05).toFixed(2),
        amount: '200',
        leverage: 1,
      },
      token: user.token,
    });
    const page = await env.openPage({ token: user.token });
    await openTicket(page);
    const box = await page.getByTestId('candle-chart').boundingBox();
    if (!box) throw new Error('no chart');
    const stopY = await chartLineY(page, 'Stop buy');
    // The trailing stop-loss of the position opened above is drawn where the server holds it, on
    // the chart beside the waiting stop.
    const trailingY = await chartLineY(page, 'Trailing SL');
    expect(trailingY).toBeGreaterThanOrEqual(0);
    expect(trailingY).toBeLessThanOrEqual(box.height);
    const x = box.x + box.width * 0.4;
    const y = box.y + stopY;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 25, { steps: 6 });
    await page.mouse.up();
    await expectToast(page, 'Stop price moved to');
    await expect
      .poll(async () => Number((await ordersOf()).find((order) => order.id === placed.id)?.stopPrice))
      .toBeGreaterThan(Number(placed.stopPrice));
  });

  it('captures the ticket with a stop-limit order at 375 and 1440 px in both themes', async () => {
    // The ticket is loaded and written once, then drawn in every variant (the page resized, its
    // theme switched).
    const page = await env.openPage({ token: user.token });
    const ticket = await openTicket(page);
    await ticket.getByRole('tab', { name: 'Stop limit' }).click();
    await ticket.getByLabel('Stop price').fill('1');
    await ticket.getByLabel('Time in force').selectOption('gtd');
    await ticket.getByLabel('Trailing stop instead of a fixed stop loss').check();
    // The pointer off the ticket, so no variant draws it hovering a control.
    await page.mouse.move(0, 0);
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      // From the top, as the page opens, whatever the variant before scrolled to.
      await page.evaluate(() => window.scrollTo(0, 0));
      await ticket.scrollIntoViewIfNeeded();
      if (size === '375') await tradeBarSettled(page);
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `stop-ticket-${size}-${theme}`, { fullPage: viewport.width > 1000 });
    });
  });
});
