import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, randomIp, signIn, type TestUser } from '../../testing/accounts';
import { requestsTo } from '../../testing/auth-world';
import { createSoftwareAuthenticator } from '../../testing/passkey-authenticator';
import { FORGED_ASSERTION } from '../../testing/route-fixtures';
import { useTestApp } from '../../testing/use-test-app';
import { createAuthRepository } from './auth.repository';

// The passkey ceremonies' server side: who may start one, what the options say, and a sign-in by a
// software authenticator. Registering and signing in with the browser's (virtual) authenticator is
// the browser test's part (e2e/tests/passkeys.test.ts).

describe('passkey ceremonies', () => {
  const world = useTestApp();
  let plain: TestUser;
  let guarded: TestUser;

  beforeAll(async () => {
    plain = await createUser(world.t.app, world.mailbox);
    guarded = await createUser(world.t.app, world.mailbox, { tfa: true });
  });

  const { post } = requestsTo(world);

  it('start a registration only after the current password, for this site and this account', async () => {
    const wrong = await post('/profile/passkeys/options', { currentPassword: 'not it' }, plain.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { field: 'body.currentPassword', message: 'The password is incorrect' },
    ]);
    const options = (
      await post('/profile/passkeys/options', { currentPassword: plain.password }, plain.token)
    ).json().data;
    expect(options.rp.id).toBe(new URL(world.t.deps.config.PUBLIC_URL).hostname);
    expect(options.user.name).toBe(plain.email);
    expect(options.challenge).toMatch(/^[\w-]{20,}$/);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
  });

  it('ask for the second factor too when two-factor is on', async () => {
    const withoutCode = await post(
      '/profile/passkeys/options',
      { currentPassword: guarded.password },
      guarded.token,
    );
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json().details).toEqual([
      {
        field: 'body.tfaCode',
        message: 'Enter the 6-digit code from your authenticator app, or a recovery code',
      },
    ]);
    const withCode = await post(
      '/profile/passkeys/options',
      { currentPassword: guarded.password, tfaCode: guarded.recoveryCodes?.[0] },
      guarded.token,
    );
    expect(withCode.statusCode, withCode.body).toBe(200);
  });

  it('offer a sign-in that needs the user verified, and refuse an assertion nobody signed', async () => {
    const options = (await post('/auth/passkeys/signin/options', {})).json().data;
    expect(options).toMatchObject({
      userVerification: 'required',
      rpId: new URL(world.t.deps.config.PUBLIC_URL).hostname,
    });
    const forged = await post('/auth/passkeys/signin', { response: FORGED_ASSERTION });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('This passkey could not be used. Try again, or sign in another way');
  });

  it('sign in with a passkey alone, and say so in the sign-in history', async () => {
    const user = await createUser(world.t.app, world.mailbox);
    const authenticator = createSoftwareAuthenticator(user.id);
    await createAuthRepository(world.t.deps.db.db).insertPasskeyWithin(10, {
      userId: user.id,
      name: 'Laptop',
      ...authenticator.stored,
    });
    const options = (await post('/auth/passkeys/signin/options', {})).json().data;
    const origin = new URL(world.t.deps.config.PUBLIC_URL).origin;
    const signedIn = await post('/auth/passkeys/signin', {
      response: authenticator.assert(options.challenge, origin),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const history = await world.t.app.inject({
      method: 'GET',
      url: '/profile/logins',
      headers: bearer(signedIn.json().data.token),
    });
    expect(history.json().data.items[0]).toMatchObject({ outcome: 'success', detail: 'With a passkey' });
    // The challenge is taken once: the same answer again is refused.
    const replayed = await post('/auth/passkeys/signin', {
      response: authenticator.assert(options.challenge, origin),
    });
    expect(replayed.statusCode).toBe(401);
  });

  it('have no second step to offer an account without passkeys', async () => {
    const tfaToken = await signIn(world.t.app, guarded);
    const methods = await world.t.app.inject({
      method: 'GET',
      url: '/auth/2fa/methods',
      headers: bearer(tfaToken),
    });
    expect(methods.json().data).toEqual({ authenticatorApp: true, recoveryCode: true, passkey: false });
    expect((await post('/auth/passkeys/2fa/options', {}, tfaToken)).statusCode).toBe(404);
    // A normal session cannot call the second step's routes.
    expect((await post('/auth/passkeys/2fa/options', {}, plain.token)).statusCode).toBe(401);
  });

  it('list every second factor after the right password, and nothing before it', async () => {
    const repo = createAuthRepository(world.t.deps.db.db);
    const addPasskey = (user: TestUser) =>
      repo.insertPasskeyWithin(10, {
        userId: user.id,
        name: 'Laptop',
        credentialId: `credential-${user.id}`,
        publicKey: 'cHVibGljLWtleQ',
      });
    const both = await createUser(world.t.app, world.mailbox, { tfa: true });
    const passkeyOnly = await createUser(world.t.app, world.mailbox);
    await addPasskey(both);
    await addPasskey(passkeyOnly);
    const methodsWith = async (token: string | undefined) =>
      world.t.app.inject({
        method: 'GET',
        url: '/auth/2fa/methods',
        headers: token ? bearer(token) : {},
        remoteAddress: randomIp(),
      });

    // A wrong password earns no token, and the list answers nobody without the one the right
    // password gives: not an anonymous caller, not a signed-in session.
    const wrong = await post('/auth/signin', { email: both.email, password: 'Wrong#Pass99' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toMatch(/passkey|recovery|authenticator/i);
    expect((await methodsWith(undefined)).statusCode).toBe(401);
    expect((await methodsWith(both.token)).statusCode).toBe(401);

    // Two-factor on and a passkey: all three, so a device without the passkey still gets in.
    const bothStep = await signIn(world.t.app, both);
    const listed = await methodsWith(bothStep);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual({ authenticatorApp: true, recoveryCode: true, passkey: true });
    // Recovery codes all used: not offered any more.
    await repo.replaceRecoveryCodes(both.id, []);
    expect((await methodsWith(bothStep)).json().data).toEqual({
      authenticatorApp: true,
      recoveryCode: false,
      passkey: true,
    });

    // A passkey alone: the passkey, nothing else.
    const passkeyStep = await signIn(world.t.app, passkeyOnly);
    expect((await methodsWith(passkeyStep)).json().data).toEqual({
      authenticatorApp: false,
      recoveryCode: false,
      passkey: true,
    });
  });
});
