import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { createUser, type TCreatedUser, verifyIdentityByApi } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment } from '../support/journey';

// A withdrawal's quote holds its rate for a minute. A user reviews one and lets it run out (the
// test ends its time in the database rather than waiting): confirming it brings the message and a
// fresh review of the same withdrawal, nothing typed again; so does a quote that runs out while the
// code is being entered. The fresh quote goes through.

const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const EXPIRED = 'This quote has expired. Review the withdrawal again for a fresh rate';

const env = useJourneyEnvironment({}, { adminPrefix: 'admin', isPostgres: true });

describe('withdrawal quote expiry', () => {
  let user: TCreatedUser;

  beforeAll(async () => {
    user = await createUser(env, { firstName: 'Quinn', lastName: 'Quote' });
    await env.database.fundReal(user.email, 50_000n);
    await verifyIdentityByApi(env.server, user.token, {
      level: 2,
      adminToken: await env.signInAdmin(),
    });
  });

  it('prices the withdrawal again when its quote has expired, at review or at the code', async () => {
    const page = await env.openPage({ token: user.token, theme: 'light' });
    await page.goto('/dashboard/wallet?tab=withdraw');
    await expectTitle(page, 'Wallet');
    await page.getByLabel('Address').fill(TO);
    await page.getByLabel('Amount (USD)').fill('50');
    await page.getByRole('button', { name: 'Continue' }).click();
    const review = page.getByTestId('withdraw-review');
    await review.waitFor();
    const countdown = page.getByTestId('quote-countdown');
    expect(await countdown.textContent()).toMatch(/^This rate holds for [01]:\d\d$/);

    // The quote runs out on the review: Confirm brings the message and a new quote to review.
    expect(await env.database.expireWithdrawalQuotes(user.email)).toBe(1);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').filter({ hasText: EXPIRED }).waitFor();
    // Said once, in the panel (no toast repeating it).
    expect(await page.getByText(EXPIRED).count()).toBe(1);
    await review.waitFor();
    expect(await review.textContent()).toMatch(/Amount50\.00 USD/);
    await expect.poll(() => countdown.textContent()).toMatch(/^This rate holds for/);
    await screenshot(page, 'wallet-withdraw-requoted-1440-light');

    // This one runs out while the code is being entered: Withdraw brings a fresh review again.
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Please check your email for the verification code');
    const stale = await env.mailbox.waitForMail(user.email, /confirm your withdrawal/i);
    expect(await env.database.expireWithdrawalQuotes(user.email)).toBe(1);
    await page.getByLabel('Email verification code').fill(stale.code());
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText(EXPIRED).waitFor();
    await review.waitFor();
    expect(await page.getByTestId('withdraw-result').count()).toBe(0);

    // The fresh quote goes through, with the code of its own e-mail.
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByLabel('Email verification code').waitFor();
    const mail = await env.mailbox.waitForMail(user.email, /confirm your withdrawal/i);
    await page.getByLabel('Email verification code').fill(mail.code());
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const result = page.getByTestId('withdraw-result');
    await result.waitFor();
    await result.getByText('Under review').waitFor();
  });
});
