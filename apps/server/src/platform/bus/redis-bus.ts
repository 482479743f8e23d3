// The message bus across processes, on Redis pub/sub. When its connection comes back after a drop,
// it tells its listeners, since messages published meanwhile are lost and must be read again.
import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { type Bus, envelope, HandlerRegistry, parsingHandler } from './bus';

const CONNECT_TIMEOUT_MS = 5_000;
const KEY_PREFIX = 'td:';

export class BusUnavailableError extends Error {
  override name = 'BusUnavailableError';
}

/** Redis pub/sub: one connection publishes, a second one (in subscriber mode) listens. */
export async function createRedisBus(url: string, logger: Logger): Promise<Bus> {
  const options = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 2,
    lazyConnect: true,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const [name, connection] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    connection.on('error', (error) =>
      logger.warn({ err: error, connection: name }, 'redis connection error'),
    );
  }
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new BusUnavailableError(`REDIS_URL: cannot connect to Redis (${(error as Error).message})`);
  }

  const registry = new HandlerRegistry((error, channel) =>
    logger.error({ err: error, channel }, 'bus handler failed'),
  );
  subscriber.on('message', (prefixed: string, raw: string) => {
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      logger.warn({ channel: prefixed }, 'bus message is not JSON; dropped');
      return;
    }
    registry.dispatch(prefixed.slice(KEY_PREFIX.length), message);
  });

  // The subscriber's connection dropped and is back (ioredis subscribes again by itself): what was
  // published in between is gone, and the listeners are told.
  const recoveredListeners = new Set<() => void>();
  let wasLost = false;
  subscriber.on('close', () => {
    wasLost = true;
  });
  subscriber.on('ready', () => {
    if (!wasLost) return;
    wasLost = false;
    logger.warn('bus connection back: messages published while it was down may be lost');
    // Commands run in order: once this ping is answered the channels are subscribed again, so
    // whatever the listeners read next cannot miss a message.
    void subscriber
      .ping()
      .catch(() => undefined)
      .then(() => {
        for (const listener of recoveredListeners) {
          try {
            listener();
          } catch (error) {
            logger.error({ err: error }, 'bus recovery listener failed');
          }
        }
      });
  });

  logger.info('bus ready (Redis)');
  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(KEY_PREFIX + channel.name, JSON.stringify(envelope(message)));
    },
    async subscribe(channel, handler, options) {
      const { name } = channel;
      const parsing = parsingHandler(
        channel,
        handler,
        (issues) => logger.warn({ channel: name, issues }, 'malformed bus message dropped'),
        options?.only,
      );
      if (registry.add(name, parsing)) await subscriber.subscribe(KEY_PREFIX + name);
      return async () => {
        if (registry.remove(name, parsing)) await subscriber.unsubscribe(KEY_PREFIX + name);
      };
    },
    async ping() {
      await publisher.ping();
    },
    observeLag(listener) {
      registry.lagListener = listener;
    },
    onRecovered(listener) {
      recoveredListeners.add(listener);
      return () => recoveredListeners.delete(listener);
    },
    async close() {
      registry.clear();
      recoveredListeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
