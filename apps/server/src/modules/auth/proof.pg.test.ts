import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, randomIp } from '../../testing/accounts';
import { pollUntil } from '../../testing/poll';
import { codeIn } from '../../testing/test-mailbox';
import { useTradingDesk } from '../../testing/use-trading-desk';
import { users } from './auth.schema';

// On PostgreSQL, where requests run side by side: the e-mailed proof is used once.

describe('the e-mailed proof under concurrency', () => {
  const desk = useTradingDesk();

  it('lets the same code, sent by parallel requests, pass once', async () => {
    const user = await desk.newUser();
    await desk.t.deps.db.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const sent = await desk.call(user, 'POST', '/profile/security-code');
    expect(sent.statusCode, sent.body).toBe(200);
    await pollUntil(() =>
      desk.mailbox.mails.some((mail) => mail.to.includes(user.email) && /security code/i.test(mail.subject)),
    );
    const mail = desk.mailbox.mails.find(
      (one) => one.to.includes(user.email) && /security code/i.test(one.subject),
    );
    if (!mail) throw new Error('no security code mail');
    const emailCode = codeIn(mail);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        desk.t.app.inject({
          method: 'POST',
          url: '/profile/api-keys',
          headers: bearer(user.token),
          remoteAddress: randomIp(),
          payload: { label: `k${i}`, scopes: ['read'], emailCode },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(7);
    expect((await desk.call(user, 'GET', '/profile/api-keys')).json().data).toHaveLength(1);
  });
});
