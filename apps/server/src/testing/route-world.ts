import { decodeJwt } from 'jose';
import { createUser, GOOD_PASSWORD, randomIp, signIn, type TestUser, uniqueEmail } from './accounts';
import { idCardSubmission } from './kyc';
import { multipart, png, postForm } from './multipart';
import type { TradingDesk } from './trading';
import { EVM_TO, walletHelpers } from './wallet';

/**
 * What the route fixtures refer to: the first user with one of each of their objects, and the
 * other people a route may be called by.
 */
export interface RouteWorld {
  desk: TradingDesk;
  /** The first user: every parameterised user route is called on their objects. */
  owner: TestUser;
  /** Another user, and an administrator. */
  other: TestUser;
  admin: TestUser;
  /** An account an administrator may delete. */
  victim: TestUser;
  ids: {
    /** An open position and a pending limit order of the owner's demo account. */
    activeOrder: string;
    pendingOrder: string;
    ticket: string;
    /** A withdrawal at its first step, and one waiting for an administrator's review. */
    withdrawal: string;
    reviewedWithdrawal: string;
    /** A withdrawal an administrator approved, for a network nothing sends on but a person. */
    approvedWithdrawal: string;
    alert: string;
    /** One of the owner's API keys. */
    apiKey: string;
    /** A second live session of the owner's. */
    session: string;
    notification: string;
    /** Identity documents waiting for review: one to approve, one to reject. */
    kycSubmission: string;
    kycRejectable: string;
  };
  /** The signed link of a document of the submission waiting for review. */
  kycDocumentUrl: string;
  /** The signed link of an image attached to the owner's ticket. */
  attachmentUrl: string;
  /** A sign-in waiting for its two-factor code, and a signup waiting for its e-mail code. */
  tfa: { user: TestUser; token: string };
  email: { address: string; token: string };
}

async function ok<T>(response: { statusCode: number; body: string; json(): T }, what: string): Promise<T> {
  if (response.statusCode >= 300) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Builds the world on a trading desk: users, their objects, and pending sign-ins. */
export async function buildRouteWorld(desk: TradingDesk): Promise<RouteWorld> {
  const { app } = desk.t;
  const w = walletHelpers(desk);
  const [owner, other, admin, victim] = [
    await desk.newUser(),
    await desk.newUser(),
    await desk.newUser(),
    await desk.newUser(),
  ];
  await desk.makeAdmin(admin);
  await desk.setQuote('BTC_USDT', 6_000_000, 6_000_100);
  await desk.setQuote('ETH_USDT', 300_000, 300_000);

  type Data = { data: { id: string } };
  const order = (body: object) =>
    desk.order(owner, { side: 'buy', amount: '100', leverage: 2, ...body }).then((r) => ok<Data>(r, 'order'));
  const activeOrder = (await order({ type: 'market' })).data.id;
  const pendingOrder = (await order({ type: 'limit', price: '50000' })).data.id;

  const upload = multipart('image', 'shot.png', 'image/png', await png());
  const attachment = await ok<Data>(
    await postForm(app, '/tickets/attachments', owner.token, upload),
    'attachment',
  );
  const ticket = await ok<{ data: { id: string; messages: Array<{ attachments: string[] }> } }>(
    await desk.call(owner, 'POST', '/tickets', {
      type: 'trade',
      subject: 'My order',
      message: 'Please look at it',
      orderId: activeOrder,
      attachments: [attachment.data.id],
    }),
    'ticket',
  );
  const attachmentUrl = new URL(ticket.data.messages[0]?.attachments[0] ?? '', 'http://x');

  for (const person of [owner, other, admin]) await w.fund(person, '1000');
  const withdrawal = await ok<Data>(
    await desk.call(owner, 'POST', '/wallet/withdrawals', {
      coin: 'usdt',
      network: 'ethereum',
      address: EVM_TO,
      amount: '100',
    }),
    'withdrawal',
  );
  // A first withdrawal to an address waits for review.
  const review = async () => {
    const held = await w.withdraw(owner, {
      coin: 'usdt',
      network: 'ethereum',
      address: EVM_TO,
      amount: '50',
    });
    if (held.confirmed?.statusCode !== 200) throw new Error(`withdrawal failed: ${held.confirmed?.body}`);
    return held.id ?? '';
  };
  const reviewed = await review();
  const approved = await review();
  await ok(await desk.call(admin, 'POST', `/admin/withdrawals/${approved}/approve`), 'approval');

  const alert = await ok<Data>(
    await desk.call(owner, 'POST', '/alerts', { symbol: 'BTC_USDT', above: '90000' }),
    'alert',
  );
  const apiKey = await ok<Data>(
    await desk.call(owner, 'POST', '/profile/api-keys', {
      label: 'Bot',
      scopes: ['read'],
      currentPassword: owner.password,
    }),
    'API key',
  );
  const session = decodeJwt(await signIn(app, owner)).sid as string;
  const notice = await desk.notify(owner.id, 'ticket_reply', { message: 'Support answered' });
  if (!notice) throw new Error('notification failed');

  const applicant = async () => {
    const person = await desk.newUser();
    await desk.verifyIdentity(person, 1);
    const form = await idCardSubmission();
    await ok(await postForm(app, '/kyc', person.token, form), 'kyc submission');
    const queue = await ok<{ data: { items: Array<{ id: string; userId: string }> } }>(
      await desk.call(admin, 'GET', '/admin/kyc?status=pending&limit=100'),
      'kyc queue',
    );
    return queue.data.items.find((item) => item.userId === person.id)?.id ?? '';
  };
  const kycSubmission = await applicant();
  const kycRejectable = await applicant();
  const kycReview = await ok<{ data: { documents: Array<{ url: string }> } }>(
    await desk.call(admin, 'GET', `/admin/kyc/${kycSubmission}`),
    'kyc review',
  );

  const tfaUser = await createUser(app, desk.mailbox, { tfa: true });
  const tfaToken = await signIn(app, tfaUser);
  const address = uniqueEmail('pending');
  const signup = await ok<{ data: { token: string } }>(
    await app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: randomIp(),
      payload: { email: address, password: GOOD_PASSWORD, firstName: 'Pat', lastName: 'Pending' },
    }),
    'signup',
  );
  return {
    desk,
    owner,
    other,
    admin,
    victim,
    ids: {
      activeOrder,
      pendingOrder,
      ticket: ticket.data.id,
      withdrawal: withdrawal.data.id,
      reviewedWithdrawal: reviewed,
      approvedWithdrawal: approved,
      alert: alert.data.id,
      apiKey: apiKey.data.id,
      session,
      notification: notice.id,
      kycSubmission,
      kycRejectable,
    },
    kycDocumentUrl: kycReview.data.documents[0]?.url ?? '',
    attachmentUrl: `${attachmentUrl.pathname}${attachmentUrl.search}`,
    tfa: { user: tfaUser, token: tfaToken },
    email: { address, token: signup.data.token },
  };
}
