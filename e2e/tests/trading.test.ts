import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, inEachVariant, screenshot, VIEWPORTS } from '../support/browser';
import { callApi, createUser, type TCreatedUser } from '../support/factories';
import {
  expectTitle,
  expectToast,
  tradeBarSettled,
  useJourneyEnvironment,
  waitForLiveChart,
} from '../support/journey';

// Trading on the demo account against the real server: a market buy of BTC/USD from the Trade tab
// (crypto trades around the clock in the simulator), its live PnL, a take-profit, added margin,
// the close, the History row and the Portfolio figures; then screenshots of the three screens.

const env = useJourneyEnvironment({}, { isShared: true });

const LIVE_TIMEOUT_MS = 20_000;
const DEMO_START_CENTS = 1_000_000n;

interface TOrder {
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  status: string;
  amount: string;
  price: string | null;
  margin: string;
  fee: string;
  pnl: string | null;
  liquidationPrice: string | null;
  takeProfit: string | null;
}

/** '1,234.50' or '-12.00' → cents. */
function centsOf(text: string): bigint {
  const cleaned = text.replace(/[^\d.-]/g, '');
  const [whole = '0', fraction = ''] = cleaned.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return cleaned.startsWith('-') ? -cents : cents;
}

/** Cents → '10,000.00' as the screens format money. */
function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

async function ordersOf(user: TCreatedUser, query: string): Promise<TOrder[]> {
  const { data } = await callApi<{ items: TOrder[] }>(env.server, 'GET', `/orders?${query}`, {
    token: user.token,
  });
  return data.items;
}

/**
 * A whole price this far above the market's current ask for `symbol` (the simulator's prices wander
 * from day to day, so a fixed number could sit on either side of the market).
 */
async function priceAbove(symbol: string, ratio: number): Promise<number> {
  const { data } = await callApi<Record<string, { ask: string }>>(env.server, 'GET', '/public/prices');
  const quote = Object.entries(data).find(([key]) => key.endsWith(`:${symbol}`))?.[1];
  if (!quote) throw new Error(`no price for ${symbol}`);
  return Math.ceil((Number(quote.ask) * ratio) / 1000) * 1000;
}

describe('trading on the demo account', () => {
  let user: TCreatedUser;

  beforeAll(async () => {
    user = await createUser(env, { firstName: 'Ada', lastName: 'Trader' });
  });

  it('opens a BTC/USD market buy, manages it, closes it, and finds it in History and Portfolio', async () => {
    const page = await env.openScreen(user.token, '/dashboard/trade?pair=BTC_USDT', 'Trade');
    // New users trade on the demo account first.
    expect(await page.getByRole('radio', { name: 'Demo' }).isChecked()).toBe(true);
    await waitForLiveChart(page);

    const ticket = page.getByTestId('order-ticket');
    await ticket.getByLabel('Amount (USD)').fill('1000');
    await ticket.getByLabel('Leverage (number)').fill('10');
    // The preview is the server's arithmetic: $1,000 at 10× holds 100.00 and pays 0.50.
    await expect.poll(() => ticket.getByTestId('preview-margin').textContent()).toBe('100.00 USD');
    expect(await ticket.getByTestId('preview-fee').textContent()).toBe('0.50 USD');
    await expect.poll(() => ticket.getByTestId('preview-free-margin').textContent()).toBe('10,000.00 USD');
    const previewLiquidation = await ticket.getByTestId('preview-liquidation').textContent();
    expect(previewLiquidation).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);

    await ticket.getByRole('button', { name: /^Buy BTC\/USD/ }).click();
    await expectToast(page, 'Order opened successfully');

    // The position appears with its PnL at the live price, which moves with the ticks.
    const positions = page.getByTestId('positions-table');
    const row = positions.locator('tbody tr', { hasText: 'BTC/USD' });
    await row.waitFor();
    const [opened] = await ordersOf(user, 'account=demo&status=act');
    expect(opened).toMatchObject({ symbol: 'BTC_USDT', side: 'buy', amount: '1000.00', margin: '100.00' });
    if (!opened?.price) throw new Error('the position has no entry price');
    const pnl = row.getByTestId('position-pnl');
    await expect.poll(() => pnl.getAttribute('data-value')).toMatch(/^-?\d+\.\d{2}$/);
    const firstPnl = await pnl.getAttribute('data-value');
    const firstMark = await row.locator('td[data-label="Mark price"]').textContent();
    await expect
      .poll(
        async () =>
          (await pnl.getAttribute('data-value')) !== firstPnl ||
          (await row.locator('td[data-label="Mark price"]').textContent()) !== firstMark,
        { timeout: LIVE_TIMEOUT_MS },
      )
      .toBe(true);

    // A take-profit far above the price.
    const takeProfit = (BigInt(opened.price.split('.')[0] ?? '0') * 2n).toString();
    await row.getByRole('button', { name: 'TP/SL: edit take profit and stop loss of BTC/USD buy' }).click();
    const exitsDialog = page.getByTestId('edit-exits-dialog');
    await exitsDialog.getByLabel('Take profit').fill(takeProfit);
    await exitsDialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Order updated successfully');
    await exitsDialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => row.locator('td[data-label="TP / SL"]').textContent())
      .toContain(`${takeProfit.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.00`);

    // More margin moves the liquidation price away (down, for a buy).
    const liquidation = row.getByTestId('position-liquidation');
    const liquidationBefore = centsOf((await liquidation.textContent()) ?? '');
    expect(formatCents(liquidationBefore)).toBe(formatCents(centsOf(opened.liquidationPrice ?? '')));
    await row.getByRole('button', { name: 'Add margin to BTC/USD buy' }).click();
    const marginDialog = page.getByTestId('add-margin-dialog');
    await marginDialog.getByLabel('Amount (USD)').fill('100');
    await marginDialog.getByRole('button', { name: 'Add margin' }).click();
    await expectToast(page, 'Margin added successfully');
    await expect
      .poll(async () => centsOf((await liquidation.textContent()) ?? '') < liquidationBefore)
      .toBe(true);
    expect(await row.locator('td[data-label="Margin"]').textContent()).toBe('200.00');

    // A part below the pair's minimum is refused in the dialog, before anything is sent.
    await row.getByRole('button', { name: 'Partial close of BTC/USD buy' }).click();
    const partialDialog = page.getByTestId('partial-close-dialog');
    await partialDialog.getByText('From 10.00 to 990.00 USD').waitFor();
    await partialDialog.getByLabel('Amount to close (USD)').fill('6.25');
    await partialDialog.getByRole('button', { name: 'Close part' }).click();
    await partialDialog.getByText("At least 10.00: the pair's minimum order").waitFor();
    await partialDialog.getByRole('button', { name: 'Cancel' }).click();
    await partialDialog.waitFor({ state: 'detached' });
    expect(await ordersOf(user, 'account=demo&status=mcl')).toEqual([]);

    // Close it at the market.
    await row.getByRole('button', { name: 'Close BTC/USD buy', exact: true }).click();
    await page.getByTestId('close-position-dialog').getByRole('button', { name: 'Close position' }).click();
    await expectToast(page, 'Position closed');
    await positions.getByText('No open positions.').waitFor();

    const [closed] = await ordersOf(user, 'account=demo&status=mcl');
    expect(closed?.id).toBe(opened.id);
    if (!closed?.pnl) throw new Error('the closed order has no PnL');

    // History: the order as 'Manual Close'.
    await page.getByRole('link', { name: 'History' }).first().click();
    await expectTitle(page, 'History');
    const historyRow = page.getByTestId('history-table').locator('tbody tr', { hasText: 'BTC/USD' }).first();
    await historyRow.waitFor();
    expect(await historyRow.locator('[data-status]').textContent()).toBe('Manual Close');
    expect(await historyRow.locator('td[data-label="Opened"]').textContent()).toMatch(
      /^\d{2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2}$/,
    );

    // Only manual closes, then the CSV of them (sent with the bearer token by the api client).
    await page.getByLabel('Status').selectOption('mcl');
    await expect
      .poll(async () => [
        ...new Set(await page.getByTestId('history-table').locator('[data-status]').allTextContents()),
      ])
      .toEqual(['Manual Close']);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toContain('"Status"');
    expect(csv).toContain('"Manual Close"');
    expect(csv).toContain(`"${opened.id}"`);

    // Portfolio: the balance moved by the PnL less the opening fee.
    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    await expectTitle(page, 'Portfolio');
    const expectedBalance = formatCents(DEMO_START_CENTS + centsOf(closed.pnl) - centsOf(opened.fee));
    await expect
      .poll(() => page.getByTestId('stat-balance').locator('dd').first().textContent())
      .toBe(expectedBalance);
    expect(await page.getByTestId('stat-margin-used').locator('dd').first().textContent()).toBe('0.00');
    expect(await page.getByTestId('stat-equity').locator('dd').first().textContent()).toBe(expectedBalance);
  });
});

describe('orders the server refuses or keeps waiting', () => {
  let user: TCreatedUser;

  beforeAll(async () => {
    user = await createUser(env, { firstName: 'Alan', lastName: 'Turing' });
  });

  it('does not send an order it already says will fail: above the free margin, or below the minimum', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/trade?pair=BTC_USDT');
    await waitForLiveChart(page);
    const ticket = page.getByTestId('order-ticket');
    const buy = ticket.getByRole('button', { name: /^Buy BTC\/USD/ });
    const rejectedBefore = (await ordersOf(user, 'account=demo&status=rvt')).length;

    await ticket.getByLabel('Amount (USD)').fill('1000000');
    await ticket.getByLabel('Leverage (number)').fill('1');
    await ticket.getByText('Margin and fee exceed your free margin').waitFor();
    expect(await buy.isDisabled()).toBe(true);
    expect(await buy.getAttribute('aria-describedby')).toBeTruthy();

    // Below the pair's minimum: said under the field at once, and not sent either.
    await ticket.getByLabel('Amount (USD)').fill('0.5');
    await ticket
      .getByText(/^Min(imum)? /)
      .first()
      .waitFor();
    expect(await buy.isDisabled()).toBe(true);

    // Back within reach, the order goes.
    await ticket.getByLabel('Amount (USD)').fill('100');
    expect(await buy.isDisabled()).toBe(false);
    expect((await ordersOf(user, 'account=demo&status=rvt')).length).toBe(rejectedBefore);
  });

  it('places a limit sell above the market, moves its price and cancels it', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/trade?pair=BTC_USDT');
    await waitForLiveChart(page);
    const ticket = page.getByTestId('order-ticket');
    await ticket.getByRole('button', { name: /^Sell/ }).click();
    await ticket.getByRole('tab', { name: 'Limit', exact: true }).click();
    // A sell limit well above the market waits; it is moved further up, then cancelled.
    const limit = await priceAbove('BTC_USDT', 1.2);
    const moved = limit + 5000;
    await ticket.getByLabel('Limit price').fill(String(limit));
    await ticket.getByLabel('Amount (USD)').fill('500');
    await ticket.getByRole('button', { name: /^Sell BTC\/USD/ }).click();
    await expectToast(page, 'Order placed successfully');

    await page.getByRole('tab', { name: /Pending orders/ }).click();
    const row = page.getByTestId('pending-table').locator('tbody tr', { hasText: 'BTC/USD' });
    await row.waitFor();
    expect(await row.locator('td[data-label="Limit price"]').textContent()).toBe(
      formatCents(BigInt(limit) * 100n),
    );
    await row.getByRole('button', { name: 'Edit BTC/USD sell' }).click();
    const dialog = page.getByTestId('edit-exits-dialog');
    await dialog.getByLabel('Limit price').fill(String(moved));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Order updated successfully');
    await expect
      .poll(() => row.locator('td[data-label="Limit price"]').textContent())
      .toBe(formatCents(BigInt(moved) * 100n));

    // History shows no fee for it: a waiting order has paid none.
    await page.getByRole('link', { name: 'History' }).first().click();
    await expectTitle(page, 'History');
    const waiting = page.getByTestId('history-table').locator('tbody tr', { hasText: 'Pending' }).first();
    await waiting.waitFor();
    expect(await waiting.locator('td[data-label="Fee"]').textContent()).toBe('—');
    await page.getByRole('link', { name: 'Trade' }).first().click();
    await expectTitle(page, 'Trade');
    await page.getByRole('tab', { name: /Pending orders/ }).click();

    await row.getByRole('button', { name: 'Cancel BTC/USD sell' }).click();
    await expectToast(page, 'Order cancelled');
    await page.getByTestId('pending-table').getByText('No pending orders.').waitFor();
    const [cancelled] = await ordersOf(user, 'account=demo&status=cnl');
    expect(cancelled).toMatchObject({ symbol: 'BTC_USDT', side: 'sell', price: `${moved}.00` });
  });

  it('shows the real account apart from the demo one', async () => {
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/trade?pair=BTC_USDT');
    await page.getByRole('radio', { name: 'Real' }).check();
    const ticket = page.getByTestId('order-ticket');
    await expect.poll(() => ticket.getByTestId('preview-free-margin').textContent()).toBe('0.00 USD');
    // A Real order needs the personal details of verification first: the ticket says so.
    await ticket.getByText('Complete your personal details to trade on the Real account').waitFor();
    await screenshot(page, 'trade-real-identity-required-1440-dark');
    // The choice is kept across reloads.
    await page.reload();
    expect(await page.getByRole('radio', { name: 'Real' }).isChecked()).toBe(true);
  });
});

describe('screenshots', () => {
  let user: TCreatedUser;

  beforeAll(async () => {
    user = await createUser(env, { firstName: 'Grace', lastName: 'Hopper' });
    const place = (body: Record<string, unknown>) =>
      callApi<TOrder>(env.server, 'POST', '/orders', {
        token: user.token,
        body: { account: 'demo', ...body },
      });
    const { data: eth } = await place({
      symbol: 'ETH_USDT',
      side: 'sell',
      type: 'market',
      amount: '2500',
      leverage: 5,
    });
    await place({ symbol: 'BTC_USDT', side: 'buy', type: 'market', amount: '1500', leverage: 10 });
    await place({ symbol: 'SOL_USDT', side: 'buy', type: 'market', amount: '800', leverage: 4 });
    await callApi(env.server, 'POST', `/orders/${eth.id}/partial-close`, {
      token: user.token,
      body: { amount: '500' },
    });
    const { data: closing } = await place({
      symbol: 'BTC_USDT',
      side: 'sell',
      type: 'market',
      amount: '400',
      leverage: 2,
    });
    await callApi(env.server, 'POST', `/orders/${closing.id}/close`, { token: user.token });
    await place({
      symbol: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      amount: '1200',
      leverage: 10,
      price: '1000.00',
    });
    // Forex and stocks keep market hours: open positions when they trade, 'Rejected' rows otherwise.
    await place({ symbol: 'EUR_USD', side: 'buy', type: 'market', amount: '3000', leverage: 50 });
    await place({ symbol: 'AAPL_USD', side: 'buy', type: 'market', amount: '1000', leverage: 5 });
  });

  // Each screen is loaded once and drawn in every variant (the page resized, its theme switched).
  it('captures trade, portfolio and history at 375 and 1440 px in both themes', {
    timeout: 180_000,
  }, async () => {
    const isPhone = (width: number) => width < VIEWPORTS.desktop.width;
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/trade?pair=BTC_USDT');
    await waitForLiveChart(page);
    await page.getByTestId('positions-table').locator('tbody tr', { hasText: 'ETH/USD' }).waitFor();
    await page.getByTestId('preview-free-margin').filter({ hasText: 'USD' }).waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      // From the top, as the screen opens, wherever the variant before scrolled to.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoSidewaysScroll(page, viewport.width);
      // Phones: the viewport as the user sees it (a full-page shot would paint the fixed tab
      // bar mid-page), then the positions below the ticket.
      if (isPhone(viewport.width)) await tradeBarSettled(page);
      await screenshot(page, `trade-${size}-${theme}`, { fullPage: !isPhone(viewport.width) });
      if (isPhone(viewport.width)) {
        await page.getByRole('tab', { name: /Positions/ }).scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy(0, -80));
        await tradeBarSettled(page);
        await screenshot(page, `trade-${size}-${theme}-positions`);
      } else {
        const btc = page.getByTestId('positions-table').locator('tbody tr', { hasText: 'BTC/USD' });
        await btc.getByRole('button', { name: 'Add margin to BTC/USD buy' }).click();
        await page.getByTestId('add-margin-dialog').getByLabel('Amount (USD)').fill('50');
        await screenshot(page, `trade-dialog-${size}-${theme}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('add-margin-dialog').waitFor({ state: 'hidden' });
        // Nothing left focused or under the pointer by the dialog, as on a screen just opened.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.mouse.move(0, 0);
      }
    });

    await page.goto('/dashboard/portfolio');
    await page.getByTestId('stat-balance').filter({ hasText: /\d/ }).waitFor();
    await page.getByTestId('positions-table').locator('tbody tr', { hasText: 'ETH/USD' }).waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `portfolio-${size}-${theme}`, { fullPage: !isPhone(viewport.width) });
    });

    await page.goto('/dashboard/history');
    await page
      .getByTestId('history-table')
      .locator('tbody tr', { hasText: 'Manual Close' })
      .first()
      .waitFor();
    await inEachVariant(page, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `history-${size}-${theme}`, { fullPage: !isPhone(viewport.width) });
    });
  });
});
