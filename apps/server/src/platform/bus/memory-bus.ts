import type { Logger } from '../logger';
import { type Bus, envelope, HandlerRegistry, parsingHandler } from './bus';

/**
 * The bus of a single process. Messages go through JSON as on Redis, so both behave alike; one
 * that no handler in the process listens to is dropped before it is copied (no one else can
 * receive it).
 */
export function createMemoryBus(logger: Logger): Bus {
  const registry = new HandlerRegistry((error, channel) =>
    logger.error({ err: error, channel }, 'bus handler failed'),
  );
  let isClosed = false;
  return {
    kind: 'memory',
    async publish(channel, message) {
      if (isClosed || !registry.has(channel.name)) return;
      const copy: unknown = JSON.parse(JSON.stringify(envelope(message)));
      // Delivered on a later tick, as over a network: a publisher never runs its subscribers inline.
      queueMicrotask(() => registry.dispatch(channel.name, copy));
    },
    async subscribe(channel, handler, options) {
      const parsing = parsingHandler(
        channel,
        handler,
        (issues) => logger.warn({ channel: channel.name, issues }, 'malformed bus message dropped'),
        options?.only,
      );
      registry.add(channel.name, parsing);
      return async () => {
        registry.remove(channel.name, parsing);
      };
    },
    async ping() {
      if (isClosed) throw new Error('bus closed');
    },
    // In one process nothing is lost between publisher and subscriber: it never recovers.
    onRecovered: () => () => undefined,
    observeLag(listener) {
      registry.lagListener = listener;
    },
    async close() {
      isClosed = true;
      registry.clear();
    },
  };
}
