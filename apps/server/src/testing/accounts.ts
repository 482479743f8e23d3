// Test users made through the public API as a person would (signup, the mailed code, two-factor
// when asked), and the small helpers server tests need around them: unique addresses, a fresh IP
// per call so rate limits and devices never collide, bearer headers, TOTP codes.
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { TOTP } from 'otpauth';
import { codeIn, type TestMailbox } from './test-mailbox';

let counter = 0;
/** A fresh, allowed address for each call (the signup form takes gmail, yahoo, hotmail, outlook). */
export const uniqueEmail = (prefix = 'trader') => `${prefix}${Date.now().toString(36)}${counter++}@gmail.com`;
export const GOOD_PASSWORD = 'Vq7#mLp2!xRw';

let network = Math.floor(Math.random() * 256);
/**
 * An address per call, each on the next /24 network of 198.51.x.x: rate limits per IP do not add up
 * across tests, and two users made one after the other never share a device (a browser on a /24
 * network) by chance, which drawing the network at random did once in 256 pairs.
 */
export const randomIp = () => {
  network = (network + 1) % 256;
  return `198.51.${network}.${1 + Math.floor(Math.random() * 254)}`;
};

export const tokenType = (token: string) => decodeJwt(token).type as string;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface TestUser {
  email: string;
  password: string;
  token: string;
  id: string;
  tfaSecret?: string;
  recoveryCodes?: string[];
}

export function totpNow(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
}

/**
 * A verified user made through the public API, as a person would: signup, the code from the mail,
 * verification; with `tfa`, two-factor turned on too.
 */
export async function createUser(
  app: FastifyInstance,
  mailbox: TestMailbox,
  overrides: {
    email?: string;
    password?: string;
    firstName?: string;
    referralCode?: string;
    tfa?: boolean;
  } = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? GOOD_PASSWORD;
  const signup = await app.inject({
    method: 'POST',
    url: '/auth/signup',
    remoteAddress: randomIp(),
    payload: {
      email,
      password,
      firstName: overrides.firstName ?? 'Ada',
      lastName: 'Lovelace',
      ...(overrides.referralCode ? { referralCode: overrides.referralCode } : {}),
    },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const mail = await mailbox.waitFor(email, /verify/i);
  const verify = await app.inject({
    method: 'POST',
    url: '/auth/verify-email',
    remoteAddress: randomIp(),
    headers: bearer(signup.json().data.token),
    payload: { code: codeIn(mail) },
  });
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.body}`);
  const token: string = verify.json().data.token;
  const user: TestUser = { email, password, token, id: decodeJwt(token).sub as string };
  if (overrides.tfa) {
    const generated = await app.inject({ method: 'GET', url: '/auth/2fa/generate', headers: bearer(token) });
    const secret: string = generated.json().data.secret;
    const activated = await app.inject({
      method: 'POST',
      url: '/auth/2fa/activate',
      headers: bearer(token),
      payload: { code: totpNow(secret), currentPassword: password },
    });
    if (activated.statusCode !== 200) throw new Error(`2fa activation failed: ${activated.body}`);
    user.tfaSecret = secret;
    user.recoveryCodes = activated.json().data.recoveryCodes;
  }
  return user;
}

/**
 * A new session of an existing user, through `POST /auth/signin`: a normal token, or with
 * two-factor on, the `tfa` token that waits for the second code. From a random network unless
 * `ip` is given (the same network again is a known device: no new-device notice).
 */
export async function signIn(
  app: FastifyInstance,
  user: TestUser,
  options: { ip?: string } = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/signin',
    remoteAddress: options.ip ?? randomIp(),
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`signin failed: ${response.body}`);
  return response.json().data.token;
}
