import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  GOOD_PASSWORD,
  randomIp,
  type TestUser,
  totpNow,
  uniqueEmail,
} from '../testing/accounts';
import { signedRequest } from '../testing/api-keys';
import { ADULT_DETAILS } from '../testing/kyc';
import { multipart, png, postForm } from '../testing/multipart';
import { codeIn, type ReceivedMail } from '../testing/test-mailbox';
import { startTradingDesk, type TradingDesk } from '../testing/trading';
import { EVM_TO, walletHelpers } from '../testing/wallet';
import { createLogger } from './logger';

const NEW_PASSWORD = 'Hb5!rTz8#kWq';
/** A checksummed address no test user owns. */
const LOG_WAIT_MS = 5_000;

/**
 * Real flows with the process's logger at its most verbose, writing to memory: not one token,
 * code, password or signature the test sent or received may appear in any line.
 */
describe('the log', () => {
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  let desk: TradingDesk;

  const keep = (label: string, value: unknown) => {
    if (typeof value !== 'string' || value.length < 6)
      throw new Error(`no ${label} to keep: ${String(value)}`);
    secrets.set(value, label);
  };
  const inject = (method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
    desk.t.app.inject({
      method,
      url,
      payload,
      remoteAddress: randomIp(),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const logged = () => lines.join('');
  /** Bounded: the line comes from work finished after the answer (a mail sent later). */
  const waitForLine = async (text: string) => {
    const deadline = Date.now() + LOG_WAIT_MS;
    while (!logged().includes(text)) {
      if (Date.now() > deadline) throw new Error(`no log line with "${text}" within ${LOG_WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const linkTokenIn = (mail: ReceivedMail) => {
    const match = /[?&]token=([^\s&"<>]+)/.exec(mail.text);
    if (!match?.[1]) throw new Error(`no link in mail "${mail.subject}"`);
    return decodeURIComponent(match[1]);
  };
  const keepUser = (user: TestUser) => {
    keep('password', user.password);
    keep('session token', user.token);
  };

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    desk = await startTradingDesk({ logger: createLogger({ LOG_LEVEL: 'trace' }, sink) });
  });
  afterAll(async () => desk?.close());

  it('carries no secret of signup, verification, reset, withdrawal, ticket image, identity, two-factor or stream', async () => {
    // Signup with the e-mailed code.
    const email = uniqueEmail('logs');
    const signup = await inject('POST', '/auth/signup', {
      email,
      password: GOOD_PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(signup.statusCode, signup.body).toBe(201);
    keep('signup token', signup.json().data.token);
    const signupMail = await desk.mailbox.waitFor(email, /verify/i);
    const verified = await inject(
      'POST',
      '/auth/verify-email',
      { code: codeIn(signupMail) },
      signup.json().data.token,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const user: TestUser = { email, password: GOOD_PASSWORD, token: verified.json().data.token, id: '' };
    keepUser(user);

    // Verification by the mailed link: as the browser opens it, then as the web app calls the API.
    const linkEmail = uniqueEmail('logs');
    const linkSignup = await inject('POST', '/auth/signup', {
      email: linkEmail,
      password: GOOD_PASSWORD,
      firstName: 'Alan',
      lastName: 'Turing',
    });
    keep('signup token', linkSignup.json().data.token);
    const link = linkTokenIn(await desk.mailbox.waitFor(linkEmail, /verify/i));
    await inject('GET', `/authentication/emailVerification?token=${encodeURIComponent(link)}`);
    // From the browser that signed up (its pending sign-in sent along): the link opens the session.
    const byLink = await inject(
      'GET',
      `/auth/verify-email?token=${encodeURIComponent(link)}`,
      undefined,
      linkSignup.json().data.token,
    );
    expect(byLink.statusCode, byLink.body).toBe(200);
    keep('session token', byLink.json().data.token);

    // Password reset.
    expect((await inject('POST', '/auth/forgot-password', { email })).statusCode).toBe(200);
    const resetCode = codeIn(await desk.mailbox.waitFor(email, /password reset/i));
    const reset = await inject('POST', '/auth/reset-password', {
      email,
      code: resetCode,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    keep('new password', NEW_PASSWORD);
    const signin = await inject('POST', '/auth/signin', { email, password: NEW_PASSWORD });
    expect(signin.statusCode, signin.body).toBe(200);
    user.token = signin.json().data.token;
    keepUser({ ...user, password: NEW_PASSWORD });

    // A withdrawal confirmed with its e-mailed code.
    const trader = await desk.newUser();
    keepUser(trader);
    const wallet = walletHelpers(desk);
    await wallet.fund(trader, '500');
    const { confirmed } = await wallet.withdraw(trader, {
      coin: 'usdt',
      network: 'ethereum',
      address: EVM_TO,
      amount: '100',
    });
    expect(confirmed?.statusCode, confirmed?.body).toBe(200);

    // A ticket image, opened by its signed link.
    const body = multipart('image', 'screen.png', 'image/png', await png(50));
    const uploaded = await postForm(desk.t.app, '/tickets/attachments', trader.token, body);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const imageUrl: string = uploaded.json().data.url;
    keep('image signature', new URL(imageUrl, 'http://x').searchParams.get('sig'));
    expect((await inject('GET', imageUrl)).statusCode).toBe(200);

    // Identity: the trader's details and documents (verified when funded), a document opened by an
    // administrator through its signed link.
    keep('date of birth', ADULT_DETAILS.dateOfBirth);
    keep('street address', ADULT_DETAILS.addressLine);
    const reviewer = await desk.newAdmin();
    const decided = await inject('GET', '/admin/kyc?status=approved&limit=100', undefined, reviewer.token);
    const submission = (decided.json().data.items as { id: string; userId: string }[]).find(
      (item) => item.userId === trader.id,
    );
    const review = await inject('GET', `/admin/kyc/${submission?.id}`, undefined, reviewer.token);
    const documentUrl: string = review.json().data.documents[0].url;
    keep('document signature', new URL(documentUrl, 'http://x').searchParams.get('sig'));
    expect((await inject('GET', documentUrl)).statusCode).toBe(200);

    // Two-factor: turned on, then a sign-in finished with a recovery code.
    const guarded = await createUser(desk.t.app, desk.mailbox, { tfa: true });
    keepUser(guarded);
    keep('two-factor secret', guarded.tfaSecret);
    for (const offsetMs of [-30_000, 0, 30_000])
      keep('authenticator code', totpNow(guarded.tfaSecret ?? '', Date.now() + offsetMs));
    for (const code of guarded.recoveryCodes ?? []) keep('recovery code', code);
    const pending = await inject('POST', '/auth/signin', {
      email: guarded.email,
      password: guarded.password,
    });
    keep('two-factor token', pending.json().data.token);
    const secondFactor = await inject(
      'POST',
      '/auth/2fa/verify',
      { code: guarded.recoveryCodes?.[0] },
      pending.json().data.token,
    );
    expect(secondFactor.statusCode, secondFactor.body).toBe(200);
    keep('session token', secondFactor.json().data.token);

    // A stream ticket.
    const ticket = await inject('GET', '/auth/wss/signin', undefined, trader.token);
    keep('stream ticket', ticket.json().data.token);

    // An API key: its secret, and a request signed with it (the signature too).
    const created = await inject(
      'POST',
      '/profile/api-keys',
      { label: 'Bot', scopes: ['read'], currentPassword: trader.password },
      trader.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    keep('API key secret', created.json().data.secret);
    const signed = signedRequest(created.json().data, { method: 'GET', url: '/orders?account=demo' });
    keep('API request signature', (signed.headers as Record<string, string>)['x-api-signature']);
    expect((await desk.t.app.inject(signed)).statusCode).toBe(200);

    // A mail the server refuses, quoting it: the failure is logged, its code is not.
    const refusedUser = await desk.newUser();
    keepUser(refusedUser);
    desk.mailbox.refuse(refusedUser.email);
    expect((await inject('POST', '/auth/forgot-password', { email: refusedUser.email })).statusCode).toBe(
      200,
    );
    await waitForLine('sending a mail failed');

    // Every code and link token that was mailed, delivered or refused.
    for (const mail of [...desk.mailbox.mails, ...desk.mailbox.refused]) {
      for (const match of mail.text.matchAll(/(?<!\d)\d{6}(?!\d)/g))
        keep(`code mailed in "${mail.subject}"`, match[0]);
      if (/[?&]token=/.test(mail.text)) keep(`link token mailed in "${mail.subject}"`, linkTokenIn(mail));
    }
    expect(desk.mailbox.refused).toHaveLength(1);

    const all = logged();
    const leaks = [...secrets]
      .filter(([value]) =>
        /^\d+$/.test(value) ? new RegExp(`(?<!\\d)${value}(?!\\d)`).test(all) : all.includes(value),
      )
      .map(([value, label]) => `${label}: ${value}`);
    expect(leaks).toEqual([]);
    // The log did run, request lines and the redacted URLs included.
    expect(all).toContain('incoming request');
    expect(all).toContain('/auth/verify-email?token=[redacted]');
    expect(all).toContain('&sig=[redacted]');
  });
});
