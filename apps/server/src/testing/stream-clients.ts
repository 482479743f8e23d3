import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@td/contracts/stream';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach } from 'vitest';
import { bearer } from './accounts';
import type { TestApp } from './build-test-app';

/** A stream socket, typed with the stream's events. */
export type StreamClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Starts `app` listening on a free local port; its address. */
export async function listenLocally(app: TestApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The stream ticket `GET /auth/wss/signin` issues to the session of `token`. */
export async function streamTicket(app: TestApp['app'], token: string): Promise<string> {
  const issued = await app.inject({ method: 'GET', url: '/auth/wss/signin', headers: bearer(token) });
  return issued.json().data.token as string;
}

/**
 * Stream sockets against the listening app at `urlOf()`, for the enclosing `describe` block: each
 * opened with a ticket (`auth.token`), over WebSocket only, never reconnecting. Every socket opened
 * is disconnected after each test, or with `closeAfter: 'all'` after the block's last; `onOpen`
 * adds listeners to a socket before it connects.
 */
export function useStreamClients(
  urlOf: () => string,
  options: { closeAfter?: 'each' | 'all'; onOpen?: (client: StreamClient) => void } = {},
) {
  const opened: StreamClient[] = [];
  /** A socket with this ticket, not yet connected. */
  const open = (token: unknown): StreamClient => {
    const client: StreamClient = io(urlOf(), {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    options.onOpen?.(client);
    opened.push(client);
    return client;
  };
  /** Resolves once the socket connects; rejects with the server's refusal. */
  const connected = (client: StreamClient) =>
    new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', (error) => reject(error));
    });
  const closeAll = () => {
    for (const client of opened.splice(0)) client.disconnect();
  };
  (options.closeAfter === 'all' ? afterAll : afterEach)(closeAll);
  return {
    open,
    connected,
    /** A socket with this ticket, connected. */
    async connect(token: unknown): Promise<StreamClient> {
      const client = open(token);
      await connected(client);
      return client;
    },
  };
}
