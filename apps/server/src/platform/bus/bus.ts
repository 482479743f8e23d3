// The contract of the message bus that carries events between roles and processes, with the parts
// the in-memory and Redis buses share: typed channels, parsing on receipt, dispatch to handlers.
// Delivery is at most once, so the bus only notifies and never holds the sole copy of state.
import { z } from 'zod';
import { carryRequestId, requestIdOf, withRequestId } from '../request-context';

export type BusHandler = (message: unknown) => void;
export type Unsubscribe = () => Promise<void>;

/** A bus channel: its name on the wire and the schema of every message on it. */
export interface Channel<S extends z.core.$ZodType = z.core.$ZodType> {
  readonly name: string;
  readonly schema: S;
}

/**
 * Declares a channel once, with its message's schema: `publish` on it is type-checked, and
 * `subscribe` hands its handler only messages that parse (another process, perhaps another
 * version, sent them), dropping and logging the rest.
 */
export function defineChannel<S extends z.core.$ZodType>(name: string, schema: S): Channel<S> {
  return { name, schema };
}

/**
 * Events between roles (a price tick from `market` to `stream`, an order change to the user's
 * stream room). Messages are JSON. Delivery is at most once: a bus carries notifications, never the
 * only copy of money or state.
 */
export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish<S extends z.core.$ZodType>(channel: Channel<S>, message: z.input<S>): Promise<void>;
  subscribe<S extends z.core.$ZodType>(
    channel: Channel<S>,
    handler: (message: z.output<S>) => void,
    options?: SubscribeOptions,
  ): Promise<Unsubscribe>;
  ping(): Promise<void>;
  /**
   * Calls `listener` each time the bus comes back after losing its connection: messages published
   * meanwhile may never arrive, so what they keep current must be read again.
   */
  onRecovered(listener: () => void): () => void;
  /** Calls `listener` with each received message's channel and its time from publish to receipt. */
  observeLag(listener: (channel: string, seconds: number) => void): void;
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /**
   * A cheap look at the message as received, before it is parsed: what it refuses is dropped
   * silently, unparsed (a stream process skips the events of users it holds no socket of).
   */
  only?: (message: unknown) => boolean;
}

/**
 * What goes on the wire: the message with the publishing request's id and the instant it was
 * published riding along (subscribers' schemas drop both; the bus reads them).
 */
export function envelope(message: unknown): unknown {
  const carried = carryRequestId(message);
  if (typeof carried !== 'object' || carried === null || Array.isArray(carried)) return carried;
  return { ...carried, sentAtMs: Date.now() };
}

/** A channel's handler that sees only what parses with the channel's schema. */
export function parsingHandler<S extends z.core.$ZodType>(
  channel: Channel<S>,
  handler: (message: z.output<S>) => void,
  onMalformed: (issues: readonly z.core.$ZodIssue[]) => void,
  only?: SubscribeOptions['only'],
): BusHandler {
  return (message) => {
    if (only && !only(message)) return;
    const parsed = z.safeParse(channel.schema, message);
    // The handler's work, and its log lines, belong to the request that published the message.
    if (parsed.success) withRequestId(requestIdOf(message), () => handler(parsed.data));
    else onMalformed(parsed.error.issues.slice(0, 3));
  };
}

/** Handlers by channel, shared by both implementations; one failing handler never stops the rest. */
export class HandlerRegistry {
  private readonly handlers = new Map<string, Set<BusHandler>>();
  /** Told of each dispatched message's time since it was published. */
  lagListener: ((channel: string, seconds: number) => void) | undefined;

  constructor(private readonly onHandlerError: (error: unknown, channel: string) => void) {}

  /** Adds a handler; true when it is the channel's first. */
  add(channel: string, handler: BusHandler): boolean {
    let set = this.handlers.get(channel);
    const isFirst = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return isFirst;
  }

  /** Whether the channel has a handler. */
  has(channel: string): boolean {
    return this.handlers.has(channel);
  }

  /** Removes a handler; true when the channel has none left. */
  remove(channel: string, handler: BusHandler): boolean {
    const set = this.handlers.get(channel);
    if (!set?.delete(handler)) return false;
    if (set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  dispatch(channel: string, message: unknown): void {
    const handlers = this.handlers.get(channel);
    if (!handlers) return;
    const sentAtMs = (message as { sentAtMs?: unknown } | null)?.sentAtMs;
    if (this.lagListener && typeof sentAtMs === 'number')
      this.lagListener(channel, Math.max(0, Date.now() - sentAtMs) / 1000);
    for (const handler of handlers) {
      try {
        handler(message);
      } catch (error) {
        this.onHandlerError(error, channel);
      }
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}
