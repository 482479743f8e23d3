import { bearer, GOOD_PASSWORD, randomIp, uniqueEmail } from './accounts';
import type { TestApp } from './build-test-app';
import { useTestApp } from './use-test-app';

/**
 * POST and GET to `world.t`'s app, with a session's token when given, each request from an address
 * of its own so that per-IP limits stay out of tests that are not about them.
 */
export function requestsTo(world: { t: TestApp }) {
  const post = (url: string, payload?: object, token?: string) =>
    world.t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? bearer(token) : {},
      remoteAddress: randomIp(),
    });
  const get = (url: string, token?: string) =>
    world.t.app.inject({
      method: 'GET',
      url,
      headers: token ? bearer(token) : {},
      remoteAddress: randomIp(),
    });
  return { post, get };
}

/**
 * The account system's test setting for one file: a test app sending its mail to a local mailbox
 * (started before the file's tests, closed after), and the ways the tests call it. Read `world.t`
 * and `world.mailbox` inside tests.
 */
export function useAuthWorld() {
  const world = useTestApp({ PUBLIC_URL: 'https://trade.example.com' });
  const { post, get } = requestsTo(world);
  /** A request from one given address: for the limits and history that depend on it. */
  const postFrom = (ip: string, url: string, payload?: object, token?: string) =>
    world.t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? bearer(token) : {},
      remoteAddress: ip,
    });
  /** `POST /auth/signup`: a new address with a good password, as A. B.; `fields` replace any of these. */
  const signUp = (fields: Record<string, unknown> = {}) =>
    post('/auth/signup', {
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      firstName: 'A',
      lastName: 'B',
      ...fields,
    });
  const signinFrom = (ip: string, email: string, password: string) =>
    postFrom(ip, '/auth/signin', { email, password });
  /** Status and message: what a client can tell apart. */
  const answerOf = (response: { statusCode: number; json: () => { message: string } }) =>
    `${response.statusCode} ${response.json().message}`;
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
  return { world, post, get, postFrom, signUp, signinFrom, answerOf, wrongFor };
}

export const WRONG_CREDENTIALS = 'Email or password is incorrect';
