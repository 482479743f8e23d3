// A program calling the Trading Desk API with an API key: Node 20 or newer, no packages.
//
//   TD_API_URL=http://localhost:3000 TD_API_KEY=tdk_… TD_API_SECRET=… node api-client.mjs [buy]
//
// Prints the demo account's latest orders as one line of JSON; with `buy`, first buys $100 of
// BTC/USD at market on the demo account (the key needs the `trade` scope) and prints that order.
import { createHmac } from 'node:crypto';

const baseUrl = process.env.TD_API_URL ?? 'http://localhost:3000';
const apiKey = process.env.TD_API_KEY ?? '';
const secret = process.env.TD_API_SECRET ?? '';

/** Sends a signed request; resolves to the answer's `data`, throws with the server's message. */
export async function call(method, pathAndQuery, body) {
  const timestamp = String(Date.now());
  const text = body === undefined ? '' : JSON.stringify(body);
  const at = pathAndQuery.indexOf('?');
  const path = at === -1 ? pathAndQuery : pathAndQuery.slice(0, at);
  const query = at === -1 ? '' : pathAndQuery.slice(at + 1);
  // What is signed: timestamp, method, path and query, each followed by a line feed, then the body
  // exactly as sent (nothing when there is none).
  const signature = createHmac('sha256', secret)
    .update(`${timestamp}\n${method}\n${path}\n${query}\n${text}`)
    .digest('hex');
  const response = await fetch(baseUrl + pathAndQuery, {
    method,
    headers: {
      'X-API-KEY': apiKey,
      'X-API-TIMESTAMP': timestamp,
      'X-API-SIGNATURE': signature,
      ...(text ? { 'Content-Type': 'application/json' } : {}),
    },
    body: text || undefined,
  });
  const envelope = await response.json();
  if (!response.ok) throw new Error(`${response.status} ${envelope.message}`);
  return envelope.data;
}

if (process.argv[2] === 'buy') {
  const order = await call('POST', '/orders', {
    account: 'demo',
    symbol: 'BTC_USDT',
    side: 'buy',
    type: 'market',
    amount: '100',
    leverage: 1,
  });
  console.log(JSON.stringify({ placed: order.id, status: order.status }));
}
const orders = await call('GET', '/orders?account=demo&limit=5');
console.log(JSON.stringify({ orders: orders.items.map((order) => order.id) }));
