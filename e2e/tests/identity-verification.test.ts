import { documentImage } from '@td/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../support/browser';
import { uniqueEmail } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment, waitForPath } from '../support/journey';
import { signUpInBrowser } from '../support/signup';

// From signup to a withdrawal: a new user with money on the real account is told to verify their
// identity, enters their personal details, photographs an ID card, and waits; an administrator
// sees the details beside the documents in the back-office and approves; the user gets the e-mail,
// and the withdrawal that was refused now goes through.

const TRON_TO = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const env = useJourneyEnvironment({}, { adminPrefix: 'admin', isPostgres: true });

const photo = async (name: string, hue: number) => ({
  name: `${name}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await documentImage(hue, 1200),
});

async function openVerification(page: Page) {
  await page.goto('/dashboard/verification');
  await expectTitle(page, 'Verification');
}

describe('identity verification, from signup to a withdrawal', () => {
  const email = uniqueEmail('kyc');
  let token = '';

  it('signs up, is asked to verify before withdrawing, and sends details and documents', async () => {
    const page = await env.openPage({ theme: 'light' });
    await page.goto('/authentication/signup');
    await expectTitle(page, 'Create your account');
    token = await signUpInBrowser(page, env.mailbox, email, { firstName: 'Katherine', lastName: 'Johnson' });
    await env.database.fundReal(email, 100_000n);

    // The wallet says what is missing instead of the withdrawal form.
    await page.goto('/dashboard/wallet?tab=withdraw');
    await expectTitle(page, 'Wallet');
    await page.getByText('Verify your identity to withdraw').waitFor();
    await screenshot(page, 'wallet-identity-required-1440-light');
    await page.getByRole('link', { name: 'Go to Verification' }).click();
    await waitForPath(page, '/dashboard/verification');
    await expectTitle(page, 'Verification');
    await page.getByText('Complete your personal details first').waitFor();
    await screenshot(page, 'verification-start-1440-light', { fullPage: true });

    // The form checks the age before anything is sent.
    const details = page.getByRole('form', { name: 'Personal details' });
    await details.getByLabel('Legal first name').fill('Katherine');
    await details.getByLabel('Legal last name').fill('Johnson');
    await details.getByLabel('Date of birth').fill('2015-08-26');
    await details.getByLabel('Country of residence').selectOption('US');
    await details.getByLabel('Street address').fill('1 NASA Drive');
    await details.getByLabel('City').fill('Hampton');
    await details.getByLabel('Postal code').fill('23681');
    await details.getByRole('button', { name: 'Continue' }).click();
    await details.getByText('You must be at least 18 years old').waitFor();
    await details.getByLabel('Date of birth').fill('1918-08-26');
    await details.getByRole('button', { name: 'Continue' }).click();
    await expectToast(page, 'Personal details saved');
    await page.getByText('Level 1 · Personal details').waitFor();

    // The documents: an ID card has a back; a file that is not a photo is refused on the spot.
    const documents = page.getByRole('form', { name: 'Identity documents' });
    await documents.getByLabel('ID card').check();
    await documents.getByRole('button', { name: 'Send for review' }).click();
    await documents.getByText('Add the front photo').waitFor();
    await page
      .getByLabel('Front photo')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no') });
    await documents.getByText('Choose a photo: PNG, JPEG or WebP').waitFor();
    await page.getByLabel('Front photo').setInputFiles(await photo('front', 40));
    await page.getByLabel('Back photo').setInputFiles(await photo('back', 120));
    await page.getByLabel('Selfie holding the document photo').setInputFiles(await photo('selfie', 200));
    await documents.getByAltText('Selfie holding the document preview').waitFor();
    await screenshot(page, 'verification-documents-1440-light', { fullPage: true });
    // The same form on a phone, where the pickers open the camera.
    const phone = await env.openPage({ token, theme: 'dark', viewport: VIEWPORTS.mobile });
    await openVerification(phone);
    await phone.getByRole('form', { name: 'Identity documents' }).getByLabel('ID card').check();
    await phone.getByLabel('Front photo').setInputFiles(await photo('front', 40));
    await phone.getByRole('form', { name: 'Identity documents' }).getByAltText('Front preview').waitFor();
    await screenshot(phone, 'verification-documents-375-dark', { fullPage: true });
    await documents.getByRole('button', { name: 'Send for review' }).click();
    await expectToast(page, 'Documents sent for review');
    await page.getByText('Under review').first().waitFor();

    for (const theme of ['light', 'dark'] as const) {
      const mobile = await env.openPage({ token, theme, viewport: VIEWPORTS.mobile });
      await openVerification(mobile);
      await mobile.getByText(/We received your ID card/i).waitFor();
      await screenshot(mobile, `verification-pending-375-${theme}`, { fullPage: true });
    }
  });

  it('is approved in the back-office, with the documents beside the details', async () => {
    const adminToken = await env.signInAdmin();
    const admin = await env.openPage({ token: adminToken, theme: 'dark' });
    await admin.goto('/admin/kyc');
    await admin.getByRole('link', { name: 'KYC', exact: true }).waitFor();
    await admin.getByRole('link', { name: email }).click();
    await admin.getByText('Katherine Johnson').waitFor();
    const images = admin.locator('figure img');
    await expect.poll(() => images.count()).toBe(3);
    // Each document opens by its signed link and is drawn.
    await expect
      .poll(() =>
        images.evaluateAll((nodes) => nodes.every((node) => (node as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await screenshot(admin, 'admin-kyc-review-1440-dark', { fullPage: true });
    const adminPhone = await env.openPage({ token: adminToken, theme: 'light', viewport: VIEWPORTS.mobile });
    await adminPhone.goto(admin.url());
    await adminPhone.getByText('Katherine Johnson').waitFor();
    await screenshot(adminPhone, 'admin-kyc-review-375-light', { fullPage: true });
    await admin.getByRole('button', { name: 'Approve' }).click();
    await expectToast(admin, 'Identity approved');
    await admin.getByText('Approved').first().waitFor();
    await env.mailbox.waitForMail(email, /your identity is verified/i);
  });

  it('withdraws once verified', async () => {
    const page = await env.openPage({ token, theme: 'light' });
    await openVerification(page);
    await page.getByText('Identity verified').waitFor();
    await page.getByText('Withdrawals up to 50,000.00 USD a day').waitFor();
    await screenshot(page, 'verification-approved-1440-light', { fullPage: true });
    const dark = await env.openPage({ token, theme: 'dark' });
    await openVerification(dark);
    await dark.getByText('Identity verified').waitFor();
    await screenshot(dark, 'verification-approved-1440-dark', { fullPage: true });

    await page.goto('/dashboard/wallet?tab=withdraw');
    await expectTitle(page, 'Wallet');
    await page.getByLabel('Network').selectOption('tron');
    await page.getByLabel('Address').fill(TRON_TO);
    await page.getByLabel('Amount (USD)').fill('50');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('withdraw-review').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const mail = await env.mailbox.waitForMail(email, /confirm your withdrawal/i);
    await page.getByLabel('Email verification code').fill(mail.code());
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const result = page.getByTestId('withdraw-result');
    await result.waitFor();
    await result.getByText('Under review').waitFor();
  });
});
