import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { createUser } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment({}, { isShared: true });

/** A small PNG made here (a gradient with a sun), so the test needs no fixture file. */
function makePng(size = 256): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ff9a5a"/><stop offset="1" stop-color="#5a3d9a"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${size / 2}" cy="${size * 0.62}" r="${size / 5}" fill="#ffe27a"/>
    <rect y="${size * 0.7}" width="100%" height="${size * 0.3}" fill="#1f2a44"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('profile image', () => {
  it('uploads a photo and shows it on the profile and in the header', async () => {
    const user = await createUser(env, { firstName: 'Ada', lastName: 'Byron' });
    const page = await env.openScreen(user.token, '/dashboard/profile', 'Profile');
    await page.getByRole('img', { name: 'Ada Byron' }).waitFor();

    await page.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await makePng(),
    });
    await expectToast(page, 'Profile image uploaded successfully');

    // The server's copy (re-encoded, its own URL) replaces the preview on the page and in the header.
    const avatar = page.locator('main img[alt="Ada Byron"]');
    await page.waitForFunction(() => {
      const img = document.querySelector('main img[alt="Ada Byron"]') as HTMLImageElement | null;
      return img !== null && !img.src.startsWith('blob:') && img.complete && img.naturalWidth > 0;
    });
    expect(await avatar.getAttribute('src')).not.toMatch(/^blob:/);
    await page.locator('header img').first().waitFor();
    await screenshot(page, 'profile-with-photo-1440-dark');

    // After a reload it is still there.
    await page.reload();
    await page.locator('main img[alt="Ada Byron"]').waitFor();
  });

  it('refuses a file that is not an image, or too large, before sending it', async () => {
    const user = await createUser(env);
    const page = await env.openScreen(user.token, '/dashboard/profile', 'Profile');
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/profile/image')) uploads += 1;
    });

    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByRole('alert').getByText('Choose a PNG, JPEG or WebP image').waitFor();

    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
    });
    await page.getByRole('alert').getByText('The image must be at most 2 MB').waitFor();
    expect(uploads).toBe(0);
  });

  it('saves personal details', async () => {
    const user = await createUser(env);
    const page = await env.openScreen(user.token, '/dashboard/profile', 'Profile');

    const save = page.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Phone').fill('12');
    await save.click();
    await page.getByText('Enter a phone number with its country code').waitFor();

    await page.getByLabel('First name').fill('Augusta');
    await page.getByLabel('Phone').fill('+44 20 7946 0000');
    await page.getByLabel('Country of residence').selectOption('GB');
    await page.getByLabel('Phone').press('Enter');
    await expectToast(page, 'User profile updated successfully');
    await page
      .getByRole('button', { name: /^Account/ })
      .getByText('Augusta')
      .waitFor();

    await page.reload();
    await expectTitle(page, 'Profile');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+44 20 7946 0000');
    expect(await page.getByLabel('Country of residence').inputValue()).toBe('GB');
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
  });
});
