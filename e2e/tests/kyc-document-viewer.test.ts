import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../support/axe';
import { inEachVariant, screenshot } from '../support/browser';
import { createUser, sendIdentityDocumentsByApi } from '../support/factories';
import { useJourneyEnvironment } from '../support/journey';

// A reviewer looks at an identity document closely: a thumbnail opens it at full size in a dialog,
// where it is zoomed, fitted back and turned by keyboard, and Escape closes it. The document's
// signed link also opens on its own, in a tab (a navigation under /admin), as the image.

const env = useJourneyEnvironment({}, { adminPrefix: 'admin' });
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** The zoom and the turn the viewer says it shows ("Zoom 85%, turned 90°"). */
async function viewState(viewer: Locator): Promise<{ zoom: number; angle: number }> {
  const text = (await viewer.locator('output').textContent()) ?? '';
  const match = /Zoom (\d+)%, turned (\d+)°/.exec(text);
  return { zoom: Number(match?.[1] ?? Number.NaN), angle: Number(match?.[2] ?? Number.NaN) };
}

/** Tabs forward (a bounded number of times) until the control named `name` has the focus. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

const naturalWidthOf = (image: Locator) => image.evaluate((node) => (node as HTMLImageElement).naturalWidth);

/** Opens the front of the document from its thumbnail, once the viewer shows it fitted. */
async function openViewer(page: Page) {
  const thumbnail = page.getByRole('link', { name: 'Front of the document' });
  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: 'Front' });
  const image = viewer.getByRole('img', { name: 'Front of the document' });
  await expect.poll(() => naturalWidthOf(image)).toBeGreaterThan(0);
  await expect.poll(async () => (await viewState(viewer)).zoom).toBeGreaterThan(0);
  return { thumbnail, viewer, image };
}

async function openFront(page: Page, submissionId: string) {
  await page.goto(`/admin/kyc/${submissionId}`);
  return openViewer(page);
}

describe('identity documents in the back-office', () => {
  let adminToken = '';
  let submissionId = '';

  beforeAll(async () => {
    adminToken = await env.signInAdmin();
    const user = await createUser(env, { firstName: 'Grace', lastName: 'Hopper' });
    submissionId = await sendIdentityDocumentsByApi(env.server, user.token, adminToken);
  });

  it('opens a document at full size, zoomed, fitted and turned by keyboard, and closes on Escape', async () => {
    const page = await env.openPage({ token: adminToken, theme: 'light' });
    const { thumbnail, viewer, image } = await openFront(page, submissionId);
    const fitted = await viewState(viewer);
    expect(fitted.angle).toBe(0);
    const stage = viewer.getByRole('region', { name: 'The document at full size' });
    // Fitted: the whole document is in view.
    const [stageBox, fittedBox] = [await stage.boundingBox(), await image.boundingBox()];
    expect(fittedBox?.width).toBeLessThanOrEqual((stageBox?.width ?? 0) + 1);
    expect(fittedBox?.height).toBeLessThanOrEqual((stageBox?.height ?? 0) + 1);

    const zoomNear = async (factor: number) =>
      Math.abs((await viewState(viewer)).zoom - fitted.zoom * factor) <= 1;
    await tabTo(page, 'Zoom in');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => zoomNear(2)).toBe(true);
    // Larger than the view now: it scrolls.
    await expect
      .poll(async () => (await image.boundingBox())?.width ?? 0)
      .toBeGreaterThan(stageBox?.width ?? 0);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Zoom out');
    await page.keyboard.press('Space');
    await expect.poll(() => zoomNear(1.5)).toBe(true);
    // Down to the smallest step and past it: the button says it is spent and keeps the focus.
    for (let press = 0; press < 4; press += 1) await page.keyboard.press('Space');
    await expect.poll(() => zoomNear(0.5)).toBe(true);
    const zoomOut = viewer.getByRole('button', { name: 'Zoom out' });
    expect(await zoomOut.getAttribute('aria-disabled')).toBe('true');
    expect(await zoomOut.evaluate((node) => node === document.activeElement)).toBe(true);

    await tabTo(page, 'Rotate 90° clockwise');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await viewState(viewer)).angle).toBe(90);
    // The document is landscape: turned a quarter, it stands taller than wide.
    await expect
      .poll(async () => {
        const box = await image.boundingBox();
        return box ? box.height > box.width : false;
      })
      .toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Fit to the view',
    );
    await page.keyboard.press('Enter');
    // Fitted again, turned: the whole turned document in view.
    await expect
      .poll(async () => {
        const [box, view] = [await image.boundingBox(), await stage.boundingBox()];
        return !!box && !!view && box.height <= view.height + 1 && box.width <= view.width + 1;
      })
      .toBe(true);
    expect((await viewState(viewer)).angle).toBe(90);
    await screenshot(page, 'admin-kyc-document-viewer-turned-1440-light');

    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    // Focus is back on the thumbnail that opened it.
    await expect.poll(() => thumbnail.evaluate((node) => node === document.activeElement)).toBe(true);
  });

  it('opens the signed link in a tab of its own as the image, not as the back-office', async () => {
    const page = await env.openPage({ token: adminToken });
    await page.goto(`/admin/kyc/${submissionId}`);
    const href = (await page.getByRole('link', { name: 'Front of the document' }).getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/admin\/kyc\/[0-9a-f-]{36}\/documents\/front\?exp=\d+&sig=[\w-]+$/);
    // A browser's request for a page: the image all the same.
    const asked = await fetch(`${env.server.url}${href}`, { headers: { accept: BROWSER_ACCEPT } });
    expect(asked.status).toBe(200);
    expect(asked.headers.get('content-type')).toMatch(/^image\//);
    expect(
      Buffer.from(await asked.arrayBuffer())
        .subarray(8, 12)
        .toString(),
    ).toBe('WEBP');
    // Opened in a new tab (a real navigation, without the page's session).
    const tab = await page.context().newPage();
    const response = await tab.goto(href);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^image\//);
    expect(await tab.evaluate(() => document.contentType)).toMatch(/^image\//);
    await expect.poll(() => naturalWidthOf(tab.locator('img'))).toBeGreaterThan(0);
    // The link still answers only while signed: without its signature, a 404 and not the app.
    const unsigned = await fetch(`${env.server.url}${href.split('?')[0]}`, {
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(unsigned.status).toBe(404);
    expect(await unsigned.text()).not.toContain('<div id="root">');
  });

  // The submission is loaded once; in each variant the viewer is opened (its size follows the
  // window's), checked and closed again.
  it('shows the viewer at both widths in both themes, clean under axe', { timeout: 180_000 }, async () => {
    const page = await env.openPage({ token: adminToken });
    await page.goto(`/admin/kyc/${submissionId}`);
    await inEachVariant(page, async ({ theme, size }) => {
      const { viewer } = await openViewer(page);
      expect(await seriousAxeFindings(page, '[data-testid="kyc-document-viewer"]')).toEqual([]);
      expect(await viewer.getByRole('button', { name: 'Zoom out' }).isVisible()).toBe(true);
      await screenshot(page, `admin-kyc-document-viewer-${size}-${theme}`);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'hidden' });
    });
  });
});
