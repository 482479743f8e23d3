import { beforeAll, describe, expect, it } from 'vitest';
import { useBinanceJourney } from '../support/binance-feed';
import { screenshot } from '../support/browser';
import { createUser, type TCreatedUser } from '../support/factories';

// Crypto prices from an exchange's stream (a local server speaking Binance's format): while it
// sends, the Trade tab takes market orders; when it goes quiet for longer than
// trading.maxQuoteAgeMs (5 s), the pair shows Delayed and the ticket holds market orders; the next
// prices lift both.

const QUIET_WAIT_MS = 20_000;

const live = useBinanceJourney();
const env = live.env;

let update = 1;
/** A price a hundredth above the last, so each is fresh and new. */
function sendPrice() {
  live.feed.sendBtc(47_000 + update / 100);
  update += 1;
}

describe('delayed prices', () => {
  let user: TCreatedUser;
  beforeAll(async () => {
    user = await createUser(env);
    // The server connects to the feed once it has started.
    await live.feed.connected();
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
