import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens';

const secret = new TextEncoder().encode('k'.repeat(48));
const tokens = createTokenService(secret);
const USER = '7d0f3c52-5a51-4f0e-9d7e-2f4b8c1a9e10';
const SESSION = '1b2c3d4e-5f60-4172-8394-a5b6c7d8e9f0';

describe('stream tickets', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('carry the user and session they were issued for, each with an id of its own', async () => {
    const first = await tokens.verifyStreamTicket(await tokens.signStreamTicket(USER, SESSION));
    const second = await tokens.verifyStreamTicket(await tokens.signStreamTicket(USER, SESSION));
    expect(first).toMatchObject({ userId: USER, sessionId: SESSION });
    expect(first?.ticketId).not.toBe(second?.ticketId);
    expect((first?.exp ?? 0) * 1000).toBeGreaterThan(Date.now() + 50_000);
  });

  it('are refused once a minute has passed', async () => {
    vi.useFakeTimers({ now: Date.now() });
    const ticket = await tokens.signStreamTicket(USER, SESSION);
    vi.advanceTimersByTime(59_000);
    expect(await tokens.verifyStreamTicket(ticket)).toBeDefined();
    vi.advanceTimersByTime(1_000);
    expect(await tokens.verifyStreamTicket(ticket)).toBeUndefined();
  });

  it('are refused when altered, signed with another key, or not tickets at all', async () => {
    const ticket = await tokens.signStreamTicket(USER, SESSION);
    const [payload, mac] = ticket.split('.') as [string, string];
    const forged = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace(USER, '00000000-0000-4000-8000-000000000000'),
    ).toString('base64url');
    const other = createTokenService(new TextEncoder().encode('o'.repeat(48)));
    const session = await tokens.sign({ sub: USER, sid: SESSION, type: 'normal', status: 'act' as never });
    for (const bad of [
      `${forged}.${mac}`,
      `${payload}.${mac.slice(0, -2)}`,
      `${payload}.${mac}.x`,
      await other.signStreamTicket(USER, SESSION),
      session,
      '',
      '.',
      'x'.repeat(10_000),
      `${Buffer.from('not json').toString('base64url')}.${mac}`,
    ]) {
      expect(await tokens.verifyStreamTicket(bad), bad.slice(0, 40)).toBeUndefined();
    }
  });

  it('are never taken for a session token', async () => {
    expect(await tokens.verify(await tokens.signStreamTicket(USER, SESSION))).toBeUndefined();
  });
});

describe('session tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are known without waiting only once verified, and only until they expire', async () => {
    vi.useFakeTimers({ now: Date.now() });
    const token = await tokens.sign({ sub: USER, sid: SESSION, type: 'normal', status: 'act' });
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(tokens.known(token)).toBeUndefined();
    expect(await tokens.verify(altered)).toBeUndefined();
    expect(tokens.known(altered)).toBeUndefined();
    const claims = await tokens.verify(token);
    expect(claims).toMatchObject({ sub: USER, sid: SESSION, type: 'normal' });
    expect(tokens.known(token)).toEqual(claims);
    vi.setSystemTime((claims?.exp ?? 0) * 1000);
    expect(tokens.known(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });
});
