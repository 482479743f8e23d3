import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, randomIp, type TestUser } from '../../testing/accounts';
import { multipart, png, postForm } from '../../testing/multipart';
import { useTestApp } from '../../testing/use-test-app';

describe('the profile', () => {
  const world = useTestApp();
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser(world.t.app, world.mailbox, { firstName: 'Grace' });
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    world.t.app.inject({ method, url, payload, headers: bearer(token), remoteAddress: randomIp() });

  it('updates the editable fields and ignores the rest', async () => {
    const response = await call('PUT', '/profile', user.token, {
      firstName: ' Grace ',
      lastName: 'Hopper',
      phone: '+44 20 7946 0000',
      country: 'gb',
      email: 'other@gmail.com',
      role: 'admin',
    });
    expect(response.json()).toMatchObject({
      message: 'User profile updated successfully',
      data: {
        firstName: 'Grace',
        lastName: 'Hopper',
        phone: '+44 20 7946 0000',
        country: 'GB',
        email: user.email,
        role: 'user',
      },
    });
  });

  it.each([
    [{ phone: 'call me' }],
    [{ country: 'Germany' }],
    [{ firstName: '' }],
    [{ lastName: 'x'.repeat(51) }],
  ])('refuses %o with a 400', async (body) => {
    const response = await call('PUT', '/profile', user.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
  });

  describe('password change', () => {
    it('refuses a wrong current password', async () => {
      const response = await call('PUT', '/profile/password', user.token, {
        currentPassword: 'Wrong#Pass99',
        newPassword: 'Brand#New#Pass1',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The current password is incorrect');
    });

    it('changes it, keeps this session and signs the others out', async () => {
      const other = await createUser(world.t.app, world.mailbox);
      const second = (
        await world.t.app.inject({
          method: 'POST',
          url: '/auth/signin',
          payload: { email: other.email, password: other.password },
          remoteAddress: randomIp(),
        })
      ).json().data.token;
      const response = await call('PUT', '/profile/password', other.token, {
        currentPassword: other.password,
        newPassword: 'Brand#New#Pass1',
      });
      expect(response.json()).toEqual({ message: 'Password changed successfully', data: null });
      expect((await call('GET', '/profile', other.token)).statusCode).toBe(200);
      expect((await call('GET', '/profile', second)).statusCode).toBe(401);
      await world.mailbox.waitFor(other.email, /password was changed/i);
    });

    it('limits guesses of the current password per account: 40 tries meet a 429', async () => {
      const target = await createUser(world.t.app, world.mailbox);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await call('PUT', '/profile/password', target.token, {
          currentPassword: `Wrong#Pass${i}`,
          newPassword: 'Brand#New#Pass1',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
      // The right one waits too, and the password is unchanged.
      const right = await call('PUT', '/profile/password', target.token, {
        currentPassword: target.password,
        newPassword: 'Brand#New#Pass1',
      });
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits guesses from one address across accounts', async () => {
      const ip = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const someone = await createUser(world.t.app, world.mailbox);
        for (let j = 0; j < 8; j++) {
          const response = await world.t.app.inject({
            method: 'PUT',
            url: '/profile/password',
            payload: { currentPassword: 'Wrong#Pass99', newPassword: 'Brand#New#Pass1' },
            headers: bearer(someone.token),
            remoteAddress: ip,
          });
          statuses.push(response.statusCode);
        }
      }
      expect(statuses).toEqual([...Array.from({ length: 30 }, () => 400), 429, 429]);
    });
  });

  describe('image', () => {
    const upload = (token: string, body: ReturnType<typeof multipart>) =>
      postForm(world.t.app, '/profile/image', token, body);

    it('stores a re-encoded 256 px WebP and serves it', async () => {
      const response = await upload(user.token, multipart('image', 'me.png', 'image/png', await png()));
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Profile image uploaded successfully');
      const { avatarUrl } = response.json().data;
      expect(avatarUrl).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
      const image = await world.t.app.inject({ method: 'GET', url: avatarUrl });
      expect(image.headers['content-type']).toBe('image/webp');
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 256,
        height: 256,
      });
      expect((await call('GET', '/profile', user.token)).json().data.avatarUrl).toBe(avatarUrl);
    });

    it('refuses a file that is not an image, whatever it claims to be', async () => {
      const response = await upload(
        user.token,
        multipart('image', 'x.png', 'image/png', Buffer.from('<html>hello</html>')),
      );
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        message: 'Upload a PNG, JPEG or WebP image',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    });

    it('refuses a file over 2 MB', async () => {
      const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
      const response = await upload(user.token, multipart('image', 'big.png', 'image/png', big));
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('keeps nothing of a polyglot but its pixels', async () => {
      const polyglot = Buffer.concat([await png(), Buffer.from('<script>alert(1)</script>PK\x03\x04')]);
      const response = await upload(user.token, multipart('image', 'p.png', 'image/png', polyglot));
      expect(response.statusCode).toBe(200);
      const served = await world.t.app.inject({ method: 'GET', url: response.json().data.avatarUrl });
      expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('PK\x03\x04'))).toBe(false);
    });

    it('refuses a request that is not multipart, and one without a user', async () => {
      expect((await call('POST', '/profile/image', user.token, { image: 'x' })).statusCode).toBe(415);
      const anonymous = await world.t.app.inject({
        method: 'POST',
        url: '/profile/image',
        ...multipart('image', 'me.png', 'image/png', await png()),
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('answers an unknown image name with a 404', async () => {
      for (const url of ['/uploads/avatars/nope.webp', '/uploads/avatars/..%2F..%2Fjwt-secret']) {
        expect((await world.t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    });
  });

  describe('sessions', () => {
    it('lists active sessions with the current one marked, revokes one and all others', async () => {
      const person = await createUser(world.t.app, world.mailbox);
      const signin = () =>
        world.t.app.inject({
          method: 'POST',
          url: '/auth/signin',
          payload: { email: person.email, password: person.password },
          headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36' },
          remoteAddress: randomIp(),
        });
      const second = (await signin()).json().data.token;
      const third = (await signin()).json().data.token;
      const list = (await call('GET', '/profile/sessions', person.token)).json().data;
      expect(list).toHaveLength(3);
      expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      expect(list.some((s: { device: string }) => s.device === 'Chrome on Windows')).toBe(true);

      const target = list.find((s: { current: boolean }) => !s.current).id;
      expect((await call('DELETE', `/profile/sessions/${target}`, person.token)).statusCode).toBe(200);
      expect((await call('DELETE', `/profile/sessions/${target}`, person.token)).statusCode).toBe(404);
      const all = await call('DELETE', '/profile/sessions', person.token);
      expect(all.json().data.revoked).toBe(1);
      expect((await call('GET', '/profile', second)).statusCode).toBe(401);
      expect((await call('GET', '/profile', third)).statusCode).toBe(401);
      expect((await call('GET', '/profile', person.token)).statusCode).toBe(200);
    });

    it("cannot revoke another user's session", async () => {
      const a = await createUser(world.t.app, world.mailbox);
      const b = await createUser(world.t.app, world.mailbox);
      const bSession = (await call('GET', '/profile/sessions', b.token)).json().data[0].id;
      expect((await call('DELETE', `/profile/sessions/${bSession}`, a.token)).statusCode).toBe(404);
      expect((await call('GET', '/profile', b.token)).statusCode).toBe(200);
    });
  });

  it('pages the login history', async () => {
    const response = await call('GET', '/profile/logins?page=1&limit=1', user.token);
    expect(response.json().data).toMatchObject({ page: 1, limit: 1, total: expect.any(Number) });
    expect(response.json().data.items).toHaveLength(1);
    expect((await call('GET', '/profile/logins?limit=1000', user.token)).statusCode).toBe(400);
  });

  it('prints the anti-phishing phrase in every later e-mail', async () => {
    const person = await createUser(world.t.app, world.mailbox);
    const saved = await call('PUT', '/profile/anti-phishing', person.token, { phrase: 'blue heron 42' });
    expect(saved.json().data.antiPhishingPhrase).toBe('blue heron 42');
    expect((await call('PUT', '/profile/anti-phishing', person.token, { phrase: 'ab' })).statusCode).toBe(
      400,
    );
    await world.t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: person.email },
      remoteAddress: randomIp(),
    });
    const mail = await world.mailbox.waitFor(person.email, /password reset/i);
    expect(mail.text).toContain('blue heron 42');
    expect(mail.html).toContain('blue heron 42');
  });
});
