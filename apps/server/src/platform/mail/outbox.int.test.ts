import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, randomIp, uniqueEmail } from '../../testing/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { startTestMailbox, type TestMailbox } from '../../testing/test-mailbox';

const LINK = /https?:\/\/[^\s<>"]+\/authentication\/emailVerification\?token=([^\s<>"&]+)/;

describe('the development outbox page', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Development (the default) without SMTP_URL: mail is kept in the outbox.
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('lists the mails sent and shows each with its real link, which verifies the address', async () => {
    const email = uniqueEmail('outbox');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email, password: GOOD_PASSWORD, firstName: 'Olga', lastName: 'Outbox' },
      remoteAddress: randomIp(),
    });
    expect(signup.statusCode, signup.body).toBe(201);

    // The mail is written after the answer: a bounded wait for it on the list.
    const deadline = Date.now() + 5_000;
    let list = await get('/dev/outbox');
    while (!list.body.includes(email) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      list = await get('/dev/outbox');
    }
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.headers['content-security-policy']).toContain("default-src 'none'");
    expect(list.headers['referrer-policy']).toBe('no-referrer');
    expect(list.body).toContain(email);
    const id = /href="\/dev\/outbox\/([^"]+)">/.exec(list.body)?.[1];
    expect(id).toBeDefined();

    const page = await get(`/dev/outbox/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    expect(page.body).not.toContain('[redacted]');
    const token = LINK.exec(page.body)?.[1];
    expect(token).toBeDefined();
    expect(page.body).toMatch(/<a href="http:\/\/localhost:\d+\/authentication\/emailVerification\?token=/);
    // The mail's HTML is there too, in a frame that runs no script.
    expect(page.body).toMatch(/<iframe [^>]*sandbox="[^"]*"[^>]*srcdoc="/);
    expect(page.body).not.toMatch(/sandbox="[^"]*allow-scripts/);

    const verified = await t.app.inject({
      method: 'GET',
      url: `/auth/verify-email?token=${token}`,
      remoteAddress: randomIp(),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('tells the web app that mail is in the outbox', async () => {
    const general = await t.app.inject({ method: 'GET', url: '/settings/general' });
    expect(general.json().data.isMailInOutbox).toBe(true);
  });

  it('has no page for a name that is not a mail of the outbox', async () => {
    for (const id of ['2026-01-01T00-00-00.000Z-0123abcd', '..%2F..%2Fjwt-secret', 'nothing']) {
      expect((await get(`/dev/outbox/${id}`)).statusCode).toBe(404);
    }
  });
});

describe('the outbox page elsewhere', () => {
  let production: TestApp;
  let withSmtp: TestApp;
  let mailbox: TestMailbox;

  beforeAll(async () => {
    mailbox = await startTestMailbox();
    production = await buildTestApp({ env: { APP_ENV: 'production' } });
    withSmtp = await buildTestApp({ env: { SMTP_URL: mailbox.url } });
  });
  afterAll(async () => {
    await production?.close();
    await withSmtp?.close();
    await mailbox?.close();
  });

  it('does not exist in production, nor where mail goes out over SMTP', async () => {
    for (const app of [production.app, withSmtp.app]) {
      for (const url of ['/dev/outbox', '/dev/outbox/2026-01-01T00-00-00.000Z-0123abcd']) {
        const answer = await app.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json().code).toBe('NOT_FOUND');
      }
      const general = await app.inject({ method: 'GET', url: '/settings/general' });
      expect(general.json().data.isMailInOutbox).toBe(false);
    }
  });
});
