import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe';
import { inEachVariant, screenshot, VIEWPORTS } from '../support/browser';
import { callApi, createUser } from '../support/factories';
import { settled, useJourneyEnvironment } from '../support/journey';

// The bell's panel and the account menu open inside the window at a phone's width and a desktop's,
// and what the notifications say carries its figures as the user's language writes numbers.

const env = useJourneyEnvironment({}, { isShared: true });

/** Where a popover lies against the window: each edge in view (a tall one scrolls inside instead). */
async function expectInViewport(page: Page, popover: Locator) {
  const viewport = page.viewportSize() ?? VIEWPORTS.desktop;
  await expect
    .poll(async () => {
      const box = await popover.boundingBox();
      if (!box) return 'not drawn';
      const edges = { left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height };
      return edges.left >= 0 &&
        edges.right <= viewport.width &&
        edges.top >= 0 &&
        edges.bottom <= viewport.height
        ? 'inside'
        : JSON.stringify(edges);
    })
    .toBe('inside');
}

describe('popovers in the window', () => {
  // The screen is loaded once; in each variant (the page resized, its theme switched) each popover
  // is opened, checked and closed again.
  it('the notifications panel and the account menu in every variant', { timeout: 180_000 }, async () => {
    const user = await createUser(env, { firstName: 'Popover', lastName: 'Tester' });
    const page = await env.openPage({ token: user.token });
    await page.goto('/dashboard/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const menu = page.getByRole('menu', { name: 'Account' });

    await inEachVariant(page, async ({ theme, size }) => {
      await page.getByTestId('notification-bell').click();
      await panel.waitFor();
      await expectInViewport(page, panel);
      // Its title whole, not cut at the window's edge ("ations").
      await expectInViewport(page, panel.getByText('Notifications', { exact: true }));
      await expectInViewport(page, panel.getByRole('link', { name: 'All notifications and price alerts' }));
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `popover-notifications-${size}-${theme}`);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: /^Account/ }).click();
      await menu.waitFor();
      await expectInViewport(page, menu);
      for (const item of await menu.getByRole('menuitem').all()) await expectInViewport(page, item);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `popover-account-${size}-${theme}`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    });
  });
});

describe('figures in Spanish', () => {
  it('the alert form shows the pair’s price, says under the field that "abc" is no price and reads "1.000,00"; the fired alert reads 1.000,00', async () => {
    const user = await createUser(env, { firstName: 'Cifras', lastName: 'Prueba' });
    await callApi(env.server, 'PUT', '/profile', { body: { language: 'es' }, token: user.token });
    const page = await env.openPage({ token: user.token, locale: 'es-ES', viewport: VIEWPORTS.mobile });
    await page.goto('/dashboard/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notificaciones' }).waitFor();
    await settled(page);

    // The current price of the pair the form is on, as Spanish writes it.
    const price = page.getByLabel('Precio', { exact: true });
    const now = page.getByText(/^Ahora /);
    await now.waitFor();
    expect(await now.textContent()).toMatch(/^Ahora \d{1,3}(\.\d{3})*,\d{2}$/);

    await price.fill('abc');
    await page.getByRole('button', { name: 'Añadir alerta' }).click();
    const error = page.getByText('Escribe el precio como un número, p. ej., 65000,5', { exact: true });
    await error.waitFor();
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[role="status"]').count()).toBe(0);
    expect(await page.getByRole('table').getByText('Sube a').count()).toBe(0);
    await screenshot(page, 'price-alert-form-es-375');

    // An alert below the price, typed as Spanish writes it, fires on the next tick: its notice
    // says both figures in Spanish.
    await price.fill('1.000,00');
    await expect.poll(() => error.count()).toBe(0);
    await page.getByRole('button', { name: 'Añadir alerta' }).click();
    await page.getByRole('table').getByText('Sube a 1.000,00').waitFor();

    const notice = page.getByRole('link', { name: /superó/ }).first();
    await notice.waitFor({ timeout: 20_000 });
    const text = (await notice.textContent()) ?? '';
    expect(text).toMatch(/BTC\/USD superó 1\.000,00: ahora \d{1,3}(\.\d{3})*,\d{2}$/);
    expect(text).not.toMatch(/\d\.\d{2}$|\d{4,}/);

    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('dialog', { name: 'Notificaciones' });
    await expect
      .poll(
        async () =>
          (await panel
            .getByRole('button', { name: /superó/ })
            .first()
            .textContent()) ?? '',
      )
      .toMatch(/superó 1\.000,00: ahora \d{1,3}(\.\d{3})*,\d{2}/);
    await expectInViewport(page, panel);
    await screenshot(page, 'popover-notifications-es-375');
  });
});
