/**
 * The run's users: each signed up and verified by mail from an address of its own, some with a
 * verified identity and a deposit address on the chain; and the API as each of them calls it.
 */
import type { Hex } from 'viem';
import { GOOD_PASSWORD, uniqueEmail } from '../testing/accounts';
import { ADULT_DETAILS, idCardSubmission } from '../testing/kyc';
import { codeIn, type ReceivedMail, type TestMailbox } from '../testing/test-mailbox';
import type { Member } from './cluster';
import type { BalancedApi } from './traffic';

const MAIL_WAIT_MS = 30_000;
/**
 * Addresses are drawn afresh in each run: rate limits (signups per address per hour) live in
 * Redis, which outlives a run, and must not carry one run's count into the next.
 */
const RUN_NETWORK = 1 + Math.floor(Math.random() * 250);
/** Where the administrator works from: apart from every user's address. */
export const ADMIN_IP = `10.${RUN_NETWORK}.255.2`;

export interface OrderView {
  id: string;
  status: string;
  amount: string;
  side: 'buy' | 'sell';
}

export interface SimulatedUser {
  email: string;
  /** Where the user connects from (each user its own address, as behind a real proxy). */
  ip: string;
  token: string;
  /** Sends deposits to its address on the node, and withdraws (verified identity). */
  onChain: boolean;
  depositAddress?: Hex;
  open: Map<string, OrderView>;
}

/** The mail to `to` matching `subject` that arrives after `seen` such mails had arrived. */
export async function nextMail(
  mailbox: TestMailbox,
  to: string,
  subject: RegExp,
  seen: number,
): Promise<ReceivedMail> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  for (;;) {
    const matching = mailbox.mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
    if (matching.length > seen) return matching[matching.length - 1] as ReceivedMail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
export const mailsTo = (mailbox: TestMailbox, to: string, subject: RegExp) =>
  mailbox.mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).length;

/** A person name has letters only: 0 → "Aa", 27 → "Bb". */
const lettersOf = (index: number) =>
  `${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(97 + (index % 26))}`;

/** Signs up and verifies `count` users; the first `onChain` of them also verify their identity. */
export async function createUsers(input: {
  api: BalancedApi;
  apiMember: Member;
  mailbox: TestMailbox;
  adminToken: string;
  count: number;
  onChain: number;
}): Promise<SimulatedUser[]> {
  const { api, mailbox } = input;
  const users: SimulatedUser[] = [];
  const one = async (index: number) => {
    const email = uniqueEmail(`chaos${index}`);
    const ip = `10.${RUN_NETWORK}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    const signup = await api<{ data: { token: string } }>('/auth/signup', {
      method: 'POST',
      body: { email, password: GOOD_PASSWORD, firstName: 'Chaos', lastName: lettersOf(index) },
      ip,
    });
    if (signup?.status !== 201) throw new Error(`signup of ${email}: ${signup?.status}`);
    const mail = await nextMail(mailbox, email, /verify/i, 0);
    const verified = await api<{ data: { token: string } }>('/auth/verify-email', {
      method: 'POST',
      token: signup.body.data.token,
      body: { code: codeIn(mail) },
      ip,
    });
    if (verified?.status !== 200) throw new Error(`verification of ${email}: ${verified?.status}`);
    const user: SimulatedUser = {
      email,
      ip,
      token: verified.body.data.token,
      onChain: index < input.onChain,
      open: new Map(),
    };
    if (user.onChain) {
      await verifyIdentity(input.apiMember, asUser(api, user), user.token, input.adminToken);
      const address = await api<{ data: { address: Hex } }>('/wallet/address', {
        method: 'POST',
        token: user.token,
        body: { coin: 'eth', network: 'ethereum' },
      });
      if (address?.status !== 200 && address?.status !== 201) throw new Error(`address: ${address?.status}`);
      user.depositAddress = address.body.data.address;
    }
    users.push(user);
  };
  const queue = Array.from({ length: input.count }, (_, i) => i);
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await one(next);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return users;
}

async function verifyIdentity(
  member: Member,
  api: ReturnType<typeof asUser>,
  token: string,
  adminToken: string,
) {
  const details = await api('/kyc/details', { method: 'PUT', token, body: ADULT_DETAILS });
  if (details?.status !== 200) throw new Error(`kyc details: ${details?.status}`);
  const form = await idCardSubmission();
  const sent = await fetch(`${member.url}/kyc`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${token}`, 'x-forwarded-for': '10.99.0.1' },
    body: new Uint8Array(form.payload),
  });
  if (!sent.ok) throw new Error(`kyc documents: ${sent.status}`);
  const me = await api<{ data: { id: string } }>('/profile', { token });
  const queue = await api<{ data: { items: Array<{ id: string; userId: string }> } }>(
    '/admin/kyc?status=pending&limit=100',
    { token: adminToken },
  );
  const mine = queue?.body.data.items.find((item) => item.userId === me?.body.data.id);
  if (!mine) throw new Error('the identity submission is not in the review queue');
  const approved = await api(`/admin/kyc/${mine.id}/approve`, { method: 'POST', token: adminToken });
  if (approved?.status !== 200) throw new Error(`kyc approval: ${approved?.status}`);
}

/** The API as this user calls it: from the user's own address. */
export const asUser =
  (api: BalancedApi, user: Pick<SimulatedUser, 'ip'>) =>
  <T = { data: unknown }>(path: string, init: Parameters<BalancedApi>[1] = {}) =>
    api<T>(path, { ...init, ip: user.ip });
