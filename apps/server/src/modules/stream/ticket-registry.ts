import { Redis } from 'ioredis';

/** Remembers used stream tickets until they expire: a ticket opens one connection, once. */
export interface TicketRegistry {
  /** True the first time a ticket id is claimed, false on every later claim. */
  claim(ticketId: string, expiresAtMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const MEMORY_TICKETS_MAX = 200_000;

export function createMemoryTicketRegistry(): TicketRegistry {
  const used = new Map<string, number>();
  return {
    async claim(ticketId, expiresAtMs) {
      const nowMs = Date.now();
      if (used.size >= MEMORY_TICKETS_MAX) {
        for (const [id, expiry] of used) if (expiry <= nowMs) used.delete(id);
      }
      if (used.has(ticketId)) return false;
      used.set(ticketId, expiresAtMs);
      return true;
    },
    async close() {
      used.clear();
    },
  };
}

/** Across stream processes: SET NX with the ticket's remaining life. */
export function createRedisTicketRegistry(url: string): TicketRegistry {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  return {
    async claim(ticketId, expiresAtMs) {
      const ttlMs = Math.max(1, expiresAtMs - Date.now());
      return (await redis.set(`td:ticket:${ticketId}`, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
