import { type LocalChain, startLocalChain } from '@td/server/testing/local-chain';
import type { Page } from 'playwright-core';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from '../support/browser';
import { createUser, type TCreatedUser, verifyIdentityByApi } from '../support/factories';
import { expectTitle, expectToast, useJourneyEnvironment } from '../support/journey';

// The wallet against a real local chain: the server watches hardhat as its Ethereum node. A user
// opens Deposit, sends ETH to the address shown, watches it count "N of 12" confirmations and
// get credited; then withdraws through the three steps with the code from the e-mail.

const LIVE_TIMEOUT_MS = 45_000;
const CONFIRMATIONS = 12;

let chain: LocalChain | undefined;
const serverEnv: Record<string, string> = {};
// Registered before the journey's hooks, so the server starts with the chain's address.
beforeAll(async () => {
  chain = await startLocalChain();
  serverEnv.EVM_RPC_ETHEREUM = chain.url;
}, 120_000);
afterAll(async () => chain?.stop());
const env = useJourneyEnvironment(serverEnv, { adminPrefix: 'admin' });

const liveChain = () => {
  if (!chain) throw new Error('the local chain is not running');
  return chain;
};

async function openWallet(page: Page, tab: 'deposit' | 'withdraw' = 'deposit') {
  await page.goto(tab === 'deposit' ? '/dashboard/wallet' : '/dashboard/wallet?tab=withdraw');
  await expectTitle(page, 'Wallet');
}

describe('wallet', () => {
  let user: TCreatedUser;
  let address: string;

  beforeAll(async () => {
    user = await createUser(env, { firstName: 'Wendy', lastName: 'Wallet' });
    // Withdrawals are for verified identities.
    await verifyIdentityByApi(env.server, user.token, {
      level: 2,
      adminToken: await env.signInAdmin(),
    });
  });

  it('says in plain words what a new user cannot do yet: withdraw with no money, deposit on a network it does not follow', async () => {
    const newcomer = await createUser(env, { firstName: 'Nadia', lastName: 'New' });
    const page = await env.openPage({ token: newcomer.token });
    await openWallet(page, 'withdraw');
    // The balance shown is the Real account's.
    await page.getByText('Real account · available').waitFor();
    await expect.poll(() => page.getByTestId('wallet-available').textContent()).toBe('0.00 USD');
    const nothing = page.getByTestId('nothing-to-withdraw');
    await nothing.getByText('Your Real account has no money available', { exact: false }).waitFor();
    expect(await page.getByLabel('Address').count()).toBe(0);
    await screenshot(page, 'wallet-nothing-to-withdraw-1440-dark');
    await nothing.getByRole('button', { name: 'Deposit crypto' }).click();
    await page.getByLabel('Coin').selectOption('eth');
    await page.getByTestId('deposit-address').waitFor();

    // Only Ethereum has a node here: Tron says so, and shows no address to send to.
    await page.getByLabel('Coin').selectOption('usdt');
    await page.getByLabel('Network').selectOption('tron');
    await page.getByText('Deposits on Tron are not available').waitFor();
    await page.getByText('This desk is not connected to the', { exact: false }).waitFor();
    await page.getByTestId('deposit-unavailable').waitFor();
    expect(await page.getByTestId('deposit-address').count()).toBe(0);
    await screenshot(page, 'wallet-network-not-followed-1440-dark');
  });

  it('shows the deposit address with its QR code, counts confirmations, and credits the deposit', async () => {
    const page = await env.openPage({ token: user.token });
    await openWallet(page);
    await page.getByLabel('Coin').selectOption('eth');
    await expect.poll(() => page.getByLabel('Network').inputValue()).toBe('ethereum');
    const addressNode = page.getByTestId('deposit-address');
    await addressNode.waitFor();
    address = (await addressNode.textContent()) ?? '';
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await page.getByRole('img', { name: `QR code of ${address}` }).waitFor();
    expect(await page.getByText('Confirmations needed').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Copy address' }).click();
    await expectToast(page, 'Text copied successfully!');

    // 0.05 ETH from hardhat's first account to the user's address.
    const hash = await liveChain().deployer.sendTransaction({
      to: address as `0x${string}`,
      value: parseEther('0.05'),
    });
    await liveChain().client.waitForTransactionReceipt({ hash });
    const confirmations = page.getByTestId('confirmations').first();
    await confirmations.waitFor({ timeout: LIVE_TIMEOUT_MS });
    expect(await confirmations.textContent()).toMatch(new RegExp(`^\\d+ of ${CONFIRMATIONS}$`));
    expect(await page.getByRole('link', { name: new RegExp(hash.slice(0, 8)) }).getAttribute('href')).toBe(
      `https://etherscan.io/tx/${hash}`,
    );
    await screenshot(page, 'wallet-deposit-pending-1440-dark');

    await liveChain().test.mine({ blocks: CONFIRMATIONS });
    await page.getByText('Confirmed', { exact: true }).first().waitFor({ timeout: LIVE_TIMEOUT_MS });
    await expect
      .poll(async () => (await page.getByTestId('wallet-available').textContent()) ?? '', {
        timeout: LIVE_TIMEOUT_MS,
      })
      .not.toBe('0.00 USD');
    await screenshot(page, 'wallet-deposit-1440-dark');

    for (const theme of ['light', 'dark'] as const) {
      const mobile = await env.openPage({ token: user.token, theme, viewport: VIEWPORTS.mobile });
      await openWallet(mobile);
      await mobile.getByTestId('deposit-address').waitFor();
      await mobile.getByText('Confirmed', { exact: true }).first().waitFor({ timeout: LIVE_TIMEOUT_MS });
      await screenshot(mobile, `wallet-deposit-375-${theme}`, { fullPage: true });
    }
  });

  it('withdraws through Withdraw, Review Details and Verification Code', async () => {
    const page = await env.openPage({ token: user.token, theme: 'light' });
    await openWallet(page, 'withdraw');
    await page.getByText('Verification Code').waitFor();
    await page.getByLabel('Coin').selectOption('eth');
    const to = privateKeyToAccount(generatePrivateKey()).address;

    // Clear errors first: a bad address and an amount over the balance.
    await page.getByLabel('Address').fill('0x1234');
    await page.getByLabel('Amount (USD)').fill('50');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('0x followed by 40 hexadecimal characters').waitFor();
    await page.getByLabel('Address').fill(to);
    await page.getByLabel('Amount (USD)').fill('100000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/Not enough free balance/).waitFor();

    await page.getByLabel('Amount (USD)').fill('50');
    await page.getByRole('button', { name: 'Continue' }).click();
    const review = page.getByTestId('withdraw-review');
    await review.waitFor();
    expect(await review.textContent()).toMatch(/Fee5\.00 USD/);
    expect(await review.textContent()).toMatch(/You receive0\.\d+ ETH/);
    await screenshot(page, 'wallet-withdraw-review-1440-light');

    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Please check your email for the verification code');
    const mail = await env.mailbox.waitForMail(user.email, /confirm your withdrawal/i);
    await page.getByLabel('Email verification code').fill('000000');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page
      .getByText(/code is incorrect|invalid|expired/i)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Resend code' }).click();
    const resent = await env.mailbox.waitForMail(user.email, /confirm your withdrawal/i);
    await expect.poll(() => page.getByLabel('Email verification code').inputValue()).toBe('');
    expect(resent.code()).not.toBe('');
    expect(mail.code()).toMatch(/^\d{6}$/);
    await page.getByLabel('Email verification code').fill(resent.code());
    await screenshot(page, 'wallet-withdraw-code-1440-light');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();

    const result = page.getByTestId('withdraw-result');
    await result.waitFor();
    // A first withdrawal to a new address waits for an administrator.
    await result.getByText('Under review').waitFor();
    await screenshot(page, 'wallet-withdraw-done-1440-light');

    await page.goto('/dashboard/history');
    await expectTitle(page, 'History');
    await page.getByRole('heading', { name: 'Deposits and withdrawals' }).waitFor();
    await page.getByText('Under review').first().waitFor();
    await page.getByText('Confirmed', { exact: true }).first().waitFor();
    await screenshot(page, 'wallet-history-1440-light', { fullPage: true });

    const mobile = await env.openPage({ token: user.token, theme: 'dark', viewport: VIEWPORTS.mobile });
    await openWallet(mobile, 'withdraw');
    await mobile.getByText('Under review').first().waitFor();
    await mobile.getByRole('button', { name: 'Continue' }).click();
    await mobile.getByText('Enter the address to send to').waitFor();
    await screenshot(mobile, 'wallet-withdraw-375-dark', { fullPage: true });
  });
});
