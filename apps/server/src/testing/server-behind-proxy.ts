// A server process whose connection to one of its dependencies (a database, Redis) runs through a
// TCP proxy a test can cut and mend: that dependency going away and coming back under it.
import { killServers, type ServerProcess, spawnServer } from './spawn-server';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import { useStarted } from './use-trading-desk';

/**
 * For the enclosing `describe` block: a proxy to `target` and a server started with `env` (given
 * the proxy's port), healthy before the first test (within `startupMs`); the server is killed and
 * the proxy closed after the last. Each stands for itself inside tests and later hooks.
 */
export function useServerBehindProxy(
  target: () => { host: string; port: number },
  env: (proxyPort: number) => Record<string, string>,
  startupMs: number,
): { proxy: TcpProxy; server: ServerProcess } {
  const proxy = useStarted(
    'The proxy',
    () => startTcpProxy(target()),
    (started) => started.close(),
  );
  const server = useStarted(
    'The server',
    async () => {
      const started = await spawnServer(env(proxy.port));
      try {
        await started.waitUntilHealthy(startupMs);
      } catch (error) {
        await killServers([started]);
        throw error;
      }
      return started;
    },
    (started) => killServers([started]),
    startupMs,
  );
  return { proxy, server };
}
