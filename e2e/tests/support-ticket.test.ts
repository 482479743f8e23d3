import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectNoSidewaysScroll, inEachVariant, screenshot } from '../support/browser';
import { callApi, createUser } from '../support/factories';
import {
  expectTitle,
  expectToast,
  pathOf,
  useAdminAndCustomer,
  useJourneyEnvironment,
} from '../support/journey';

// A ticket about an order: the user opens it from the Support screen, picking the order and
// attaching a screenshot; support answers in the back-office (the ticket goes In Progress, the user
// hears of it in the app and by e-mail); the user closes it.

const env = useJourneyEnvironment({}, { adminPrefix: 'support' });

describe('a support ticket about an order', () => {
  const seeded = useAdminAndCustomer(
    env,
    { firstName: 'Tom', lastName: 'Ticket' },
    { account: 'demo', amount: '250', leverage: 5 },
  );

  it('opens the ticket, gets a staff reply, and closes it', async () => {
    const page = await env.openScreen(seeded.customer.token, '/dashboard/support', 'Support');
    await page.getByText('You have no tickets.').waitFor();
    await page.getByRole('link', { name: 'New ticket' }).first().click();
    await expectTitle(page, 'New ticket');

    await page.getByLabel('Type').selectOption('trade');
    await page.waitForFunction(
      (id) => Boolean(document.querySelector(`[data-testid="order-picker"] option[value="${id}"]`)),
      seeded.orderId,
    );
    await page.getByTestId('order-picker').selectOption(seeded.orderId);
    await page.getByLabel('Subject').fill('My BTC position shows the wrong margin');
    await page.getByLabel('Message').fill('I opened $250 at 5× and expected $50 of margin.');
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2f6fed' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Attached screenshot' }).waitFor();
    await page.getByRole('button', { name: 'Send ticket' }).click();

    await expectTitle(page, 'My BTC position shows the wrong margin');
    expect(pathOf(page)).toMatch(/^\/dashboard\/support\/[0-9a-f-]{36}$/);
    const ticketId = pathOf(page).split('/').at(-1) ?? '';
    await page.locator('[data-status="opn"]').first().waitFor();
    await page.getByText(/Buy BTC\/USD · demo/).waitFor();
    const attachment = page.getByTestId('user-message').getByRole('img', { name: 'Attachment' });
    await attachment.waitFor();
    // The image itself arrives, by the signed link the ticket gave.
    await expect
      .poll(() => attachment.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    // Support answers from the back-office.
    const staff = await env.openPage({ token: seeded.adminToken });
    await staff.goto('/admin/tickets');
    await staff.getByRole('link', { name: /My BTC position shows the wrong margin/ }).click();
    await staff.getByLabel('Reply').fill('Your margin is $50.00; the screen rounds while the price moves.');
    await staff.getByRole('button', { name: 'Send reply' }).click();
    await staff.getByTestId('staff-message').waitFor();
    await staff.locator('[data-status="pnd"]').first().waitFor();

    // The user hears of it live (the bell) and by e-mail, and sees it in the thread.
    await page.getByTestId('notification-count').waitFor({ timeout: 20_000 });
    // Unread looks unread: tinted, semibold, with a dot (and said to screen readers) until read.
    await page.getByRole('button', { name: /Notifications/ }).click();
    const unreadItem = page.getByRole('dialog', { name: 'Notifications' }).locator('[data-unread]').first();
    await unreadItem.waitFor();
    expect(await unreadItem.textContent()).toMatch(/^Unread: /);
    expect(
      Number(await unreadItem.evaluate((element) => getComputedStyle(element).fontWeight)),
    ).toBeGreaterThanOrEqual(600);
    await screenshot(page, 'notifications-unread-1440-dark');
    await page.keyboard.press('Escape');
    const mail = await env.mailbox.waitForMail(seeded.customer.email, /Re: My BTC position/);
    expect(mail.text).toContain(`/dashboard/support/${ticketId}`);
    await page.reload();
    await page
      .getByTestId('staff-message')
      .getByText(/Your margin is \$50\.00/)
      .waitFor();
    await page.locator('[data-status="pnd"]').first().waitFor();

    // Each screen is loaded once and drawn in every variant (the page resized, its theme switched).
    const shot = await env.openPage({ token: seeded.customer.token });
    await shot.goto(`/dashboard/support/${ticketId}`);
    await shot.getByTestId('staff-message').waitFor();
    await inEachVariant(shot, async ({ theme, size, viewport }) => {
      await expectNoSidewaysScroll(shot, viewport.width);
      await screenshot(shot, `support-ticket-${size}-${theme}`, { fullPage: true });
    });
    await shot.goto('/dashboard/support');
    await shot.getByRole('link', { name: /My BTC position/ }).waitFor();
    await inEachVariant(shot, async ({ theme, size }) => {
      await screenshot(shot, `support-list-${size}-${theme}`);
    });
    await shot.goto('/dashboard/support/new');
    await expectTitle(shot, 'New ticket');
    await shot.waitForFunction(
      (id) => Boolean(document.querySelector(`[data-testid="order-picker"] option[value="${id}"]`)),
      seeded.orderId,
    );
    await inEachVariant(shot, async ({ theme, size }) => {
      await screenshot(shot, `support-new-${size}-${theme}`);
    });

    await page.getByRole('button', { name: 'Close ticket' }).click();
    await expectToast(page, 'Ticket closed');
    await page.getByText('This ticket is closed. Writing a new message reopens it.').waitFor();
    const { data } = await callApi<{ status: string }>(env.server, 'GET', `/tickets/${ticketId}`, {
      token: seeded.customer.token,
    });
    expect(data.status).toBe('cls');
  });

  it('shows another user a not-found ticket', async () => {
    const { data } = await callApi<{ items: { id: string }[] }>(env.server, 'GET', '/tickets', {
      token: seeded.customer.token,
    });
    const other = await createUser(env);
    const page = await env.openPage({ token: other.token });
    await page.goto(`/dashboard/support/${data.items[0]?.id}`);
    await page.getByText('This ticket does not exist.').waitFor();
  });
});
