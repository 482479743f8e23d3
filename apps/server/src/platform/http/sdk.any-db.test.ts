import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTradingDeskClient, signatureHeaders } from '@td/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/accounts';
import { useTradingDesk } from '../../testing/use-trading-desk';

/**
 * The SDK (`packages/sdk`): its committed document and types are what this server serves (with
 * `UPDATE_SDK=1` the test writes them instead), and a program trades through it with an API key.
 */
const SDK = fileURLToPath(new URL('../../../../../packages/sdk/', import.meta.url));
const DOCUMENT = `${SDK}openapi.json`;
const TYPES = `${SDK}src/api.d.ts`;
/** The document is served with this server's own address; the SDK's copy names the default one. */
const CANONICAL_URL = 'http://localhost:3000';

const { typesOf } = (await import(`${SDK}generate.mjs`)) as {
  typesOf: (document: unknown) => Promise<string>;
};

describe('the SDK', () => {
  const desk = useTradingDesk();
  let user: TestUser;
  let baseUrl: string;

  beforeAll(async () => {
    await desk.t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(desk.t.app.server.address() as AddressInfo).port}`;
    user = await desk.newUser();
    await desk.setQuote('BTC_USDT', 5_000_000, 5_001_000);
  });

  it('is generated from the document this server serves', async () => {
    const served = (await desk.t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      servers: Array<{ url: string }>;
      info: { contact?: { url?: string } };
    };
    const publicUrl = served.servers[0]?.url ?? '';
    const document = JSON.parse(JSON.stringify(served).replaceAll(publicUrl, CANONICAL_URL)) as unknown;
    const text = `${JSON.stringify(document, null, 2)}\n`;
    const types = await typesOf(document);
    if (process.env.UPDATE_SDK === '1') {
      writeFileSync(DOCUMENT, text);
      writeFileSync(TYPES, types);
    }
    // Out of date: run `UPDATE_SDK=1 npx vitest run --project integration-postgres` on this file.
    expect(readFileSync(DOCUMENT, 'utf8')).toBe(text);
    expect(readFileSync(TYPES, 'utf8')).toBe(types);
  });

  it('signs as the API documents it', async () => {
    // The worked example of docs/API.md.
    const headers = await signatureHeaders(
      new Request('https://trade.example/orders?account=demo&limit=5'),
      {
        keyId: 'tdk_Example-Key-For-The-Docs-Only-01',
        secret: 's3cr3t',
      },
      { timestampMs: 1764115200000 },
    );
    expect(headers['X-API-SIGNATURE']).toBe(
      '44bbe604ec196153b1ff4d34b173889ff216cdc3b3590bfbb55375311fa88bcc',
    );
  });

  it('lets a program with an API key read the profile, place an order and close it', async () => {
    const created = await desk.call(user, 'POST', '/profile/api-keys', {
      label: 'SDK',
      scopes: ['read', 'trade'],
      currentPassword: user.password,
    });
    expect(created.statusCode).toBe(201);
    const { keyId, secret } = created.json().data as { keyId: string; secret: string };
    const api = createTradingDeskClient({ baseUrl, apiKey: { keyId, secret } });

    const profile = await api.GET('/profile');
    expect(profile.error).toBeUndefined();
    expect(profile.data?.data.email).toBe(user.email);

    const placed = await api.POST('/orders', {
      body: { account: 'demo', symbol: 'BTC_USDT', side: 'buy', type: 'market', amount: '100', leverage: 2 },
    });
    expect(placed.error).toBeUndefined();
    const order = placed.data?.data;
    expect(order?.status).toBe('act');

    const closed = await api.POST('/orders/{id}/close', { params: { path: { id: order?.id ?? '' } } });
    expect(closed.error).toBeUndefined();
    expect(closed.data?.data.status).toBe('mcl');

    // A refusal arrives typed as the error envelope.
    const refused = await api.POST('/orders', {
      body: { account: 'demo', symbol: 'BTC_USDT', side: 'buy', type: 'market', amount: 'ten', leverage: 2 },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.code).toBe('VALIDATION');
    expect(refused.error?.details?.[0]?.field).toBe('body.amount');
  });
});
