// Simulated browser tabs for a chaos run: each follows a user's open orders over the stream and
// reconnects as the web app does; after the load, what each tab shows is checked against the API.
import { ORDER_CODE } from '@td/contracts/statuses';
import { io, type Socket } from 'socket.io-client';
import type { Rng } from '../modules/market/rng';
import type { Member } from './cluster';
import { asUser, type SimulatedUser } from './simulated-users';
import type { BalancedApi } from './traffic';

interface OrderEvent {
  id: string;
  account: string;
  status: string;
}

/**
 * A signed-in browser tab as the web app behaves: a stream socket on one stream process; on every
 * (re)connect it reads the open orders from the API, then applies each `order` event. When its
 * process goes away it reconnects after 1–5 s with jitter, to the other process (as a load
 * balancer would send it), with a fresh ticket.
 */
function watch(user: SimulatedUser, streams: Member[], firstIndex: number, anyApi: BalancedApi, rng: Rng) {
  const api = asUser(anyApi, user);
  const view = new Map<string, string>();
  let socket: Socket | undefined;
  let index = firstIndex;
  let closed = false;
  let attempts = 0;
  const stats = { connects: 0, events: 0, resyncs: 0 };

  // Events that arrive while a snapshot is read are applied after it, in their order. A reconnect
  // can start a snapshot while an earlier one is still being read: each keeps its own events.
  const reading = new Set<OrderEvent[]>();
  const apply = (order: OrderEvent) => {
    if (order.account === 'demo') view.set(order.id, order.status);
  };
  const snapshot = async () => {
    const during: OrderEvent[] = [];
    reading.add(during);
    const answer = await api<{ data: { items: OrderEvent[] } }>(
      '/orders?account=demo&status=act,pnd&limit=100',
      {
        token: user.token,
      },
    ).finally(() => reading.delete(during));
    if (answer?.status !== 200) return false;
    for (const [id, status] of view)
      if (status === ORDER_CODE.active || status === ORDER_CODE.pending) view.delete(id);
    for (const order of answer.body.data.items) view.set(order.id, order.status);
    for (const order of during) apply(order);
    return true;
  };

  const connect = async () => {
    if (closed) return;
    const ticket = await api<{ data: { token: string } }>('/auth/wss/signin', { token: user.token });
    const member = streams[index % streams.length];
    if (ticket?.status !== 200 || !member) return retry();
    const next = io(member.url, {
      auth: { token: ticket.body.data.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 20_000,
    });
    socket = next;
    next.on('connect', () => {
      attempts = 0;
      stats.connects += 1;
      // Events from here on apply on top of what the snapshot read.
      void snapshot().then((ok) => {
        if (!ok && socket === next) next.disconnect();
      });
    });
    // The server lost events (its bus was cut off): read the orders again, as the web app does.
    next.on('resync', () => {
      stats.resyncs += 1;
      void snapshot();
    });
    next.on('order', (order: OrderEvent) => {
      stats.events += 1;
      if (reading.size > 0) for (const during of reading) during.push(order);
      else apply(order);
    });
    next.on('connect_error', () => retry());
    next.on('disconnect', () => retry());
  };

  const retry = () => {
    if (closed) return;
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = undefined;
    index += 1;
    const delay = Math.min(5_000, 1_000 * 2 ** attempts) * (0.5 + rng.next());
    attempts += 1;
    setTimeout(() => void connect(), delay);
  };

  void connect();
  return {
    user,
    stats,
    connected: () => socket?.connected === true,
    /** The orders this tab shows as open or pending. */
    openOrders: () =>
      [...view.entries()]
        .filter(([, status]) => status === ORDER_CODE.active || status === ORDER_CODE.pending)
        .map(([id]) => id)
        .sort(),
    close() {
      closed = true;
      socket?.removeAllListeners();
      socket?.disconnect();
    },
  };
}
export type Watcher = ReturnType<typeof watch>;

/** One tab per user given, spread over the stream processes. */
export function startWatchers(
  users: SimulatedUser[],
  streams: Member[],
  api: BalancedApi,
  rng: Rng,
): Watcher[] {
  return users.map((user, i) => watch(user, streams, i, api, rng));
}

/**
 * After the load stopped: each tab's open orders against the API's. A tab that still differs after
 * the wait is a violation (it shows the user something that is not so).
 */
export async function compareViews(watchers: Watcher[], api: BalancedApi, waitMs: number): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  let differences: string[] = [];
  for (;;) {
    differences = [];
    for (const watcher of watchers) {
      const answer = await asUser(api, watcher.user)<{ data: { items: Array<{ id: string }> } }>(
        '/orders?account=demo&status=act,pnd&limit=100',
        { token: watcher.user.token },
      );
      const truth = (answer?.body.data.items ?? []).map((order) => order.id).sort();
      const shown = watcher.openOrders();
      if (!watcher.connected()) differences.push(`${watcher.user.email}: the tab is not connected`);
      else if (truth.join() !== shown.join())
        differences.push(
          `${watcher.user.email}: the tab shows ${shown.length} open orders, the API ${truth.length} (${
            shown.filter((id) => !truth.includes(id)).length
          } extra, ${truth.filter((id) => !shown.includes(id)).length} missing)`,
        );
    }
    if (differences.length === 0 || Date.now() > deadline) return differences;
    await new Promise((r) => setTimeout(r, 500));
  }
}
