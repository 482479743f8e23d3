export type BusHandler = (message: unknown) => void;
export type Unsubscribe = () => Promise<void>;

/**
 * Events between roles (a price tick from `market` to `stream`, an order change to the user's
 * stream room). Messages are JSON; a subscriber parses what it receives with its contract schema,
 * since another process sent it. Delivery is at most once: a bus carries notifications, never the
 * only copy of money or state.
 */
export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Handlers by channel, shared by both implementations; one failing handler never stops the rest. */
export class HandlerRegistry {
  private readonly handlers = new Map<string, Set<BusHandler>>();

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

  /** Removes a handler; true when the channel has none left. */
  remove(channel: string, handler: BusHandler): boolean {
    const set = this.handlers.get(channel);
    if (!set?.delete(handler)) return false;
    if (set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  dispatch(channel: string, message: unknown): void {
    for (const handler of this.handlers.get(channel) ?? []) {
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
