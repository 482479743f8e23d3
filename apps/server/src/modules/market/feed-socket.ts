// Keeps an exchange's market-data websocket open for a price feed: reconnects with backoff,
// subscribes again after each connection, and logs errors without the URL's key.
import WebSocket from 'ws';
import type { Logger } from '../../platform/logger';

const RECONNECT_MS = { min: 1_000, max: 30_000 } as const;

/**
 * An exchange's market-data websocket, kept open: reconnects with backoff (1 s doubling to 30 s,
 * back to 1 s once connected), `onOpen` runs after every connection (to subscribe again), and
 * every message goes to `onMessage`. Errors are logged by message only, through `redact` (a URL
 * that carries a key must not reach the log).
 */
export function createFeedSocket(options: {
  /** The exchange's name, for the log. */
  name: string;
  url: string;
  logger: Logger;
  onOpen?: (send: (message: object) => void) => void;
  onMessage: (raw: string) => void;
  redact?: (text: string) => string;
}) {
  const redact = options.redact ?? ((text: string) => text);
  let socket: WebSocket | undefined;
  let isStopped = false;
  let retryMs: number = RECONNECT_MS.min;
  let timer: NodeJS.Timeout | undefined;

  const connect = () => {
    if (isStopped) return;
    const ws = new WebSocket(options.url, { handshakeTimeout: 10_000 });
    socket = ws;
    ws.on('open', () => {
      retryMs = RECONNECT_MS.min;
      options.onOpen?.((message) => ws.send(JSON.stringify(message)));
      options.logger.info(`connected to ${options.name}`);
    });
    ws.on('message', (data) => options.onMessage(data.toString()));
    ws.on('error', (error) =>
      options.logger.warn({ reason: redact(error.message) }, `${options.name} stream error`),
    );
    ws.on('close', () => {
      if (isStopped) return;
      options.logger.warn({ retryMs }, `${options.name} stream closed; reconnecting`);
      timer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RECONNECT_MS.max);
    });
  };

  return {
    start: connect,
    stop() {
      isStopped = true;
      clearTimeout(timer);
      socket?.terminate();
    },
  };
}

/**
 * A feed read from one such socket: `start` opens it with the options `socketFor` gives for the
 * receiver of the feed's events, `stop` closes it; `parse`, the feed's reading of a message, rides
 * along for its tests.
 */
export function socketFeed<E, P>(
  parse: P,
  socketFor: (onEvent: (event: E) => void) => Parameters<typeof createFeedSocket>[0],
) {
  let socket: ReturnType<typeof createFeedSocket> | undefined;
  return {
    parse,
    start(onEvent: (event: E) => void): void {
      socket = createFeedSocket(socketFor(onEvent));
      socket.start();
    },
    async stop() {
      socket?.stop();
    },
  };
}
