import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay to `target` that a test can cut (every connection dropped, new ones refused) and
 * mend on the same port: a database or a cache that goes away and comes back, without touching
 * the real server other tests share.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  mend(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let server: Server | undefined;
  let boundPort = port;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          open.add(socket);
          socket.on('close', () => open.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(boundPort, '127.0.0.1', () => {
        const address = next.address();
        if (typeof address === 'object' && address) boundPort = address.port;
        server = next;
        resolve();
      });
    });

  const stop = async () => {
    const current = server;
    server = undefined;
    for (const socket of open) socket.destroy();
    open.clear();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return boundPort;
    },
    cut: stop,
    mend: listen,
    close: stop,
  };
}
