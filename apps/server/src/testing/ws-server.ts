import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/** One client connected to a {@link startWsServer}: what it asked for, and a way to answer. */
export interface WsConnection {
  /** The path and query it connected to. */
  url: string;
  /** The JSON messages it sent, parsed. */
  received: unknown[];
  /** Sends a message: an object as JSON, a string as it is (malformed ones included). */
  send(message: object | string): void;
  close(): void;
}

/** A local websocket server standing in for an exchange's stream in tests. */
export async function startWsServer() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const connections: WsConnection[] = [];
  server.on('connection', (socket, request) => {
    const connection: WsConnection = {
      url: request.url ?? '',
      received: [],
      send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
      close: () => socket.close(),
    };
    socket.on('message', (data) => {
      try {
        connection.received.push(JSON.parse(data.toString()));
      } catch {
        connection.received.push(data.toString());
      }
    });
    connections.push(connection);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
