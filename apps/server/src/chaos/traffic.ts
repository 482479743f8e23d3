import type { Rng } from '../modules/market/rng';
import type { Member } from './cluster';

/** A request that got no answer within this is counted as unanswered and may be retried. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface Answer<T> {
  status: number;
  body: T;
}

/**
 * What every simulated client saw, for the report: requests by outcome, and the orders the API
 * acknowledged (the checker looks each one up).
 */
export function createTally() {
  const outcomes = new Map<string, number>();
  return {
    acknowledgedOrderIds: new Set<string>(),
    /** The first error message seen for each refused kind of request. */
    examples: new Map<string, string>(),
    requests: 0,
    outcomes,
    count(outcome: string) {
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    },
    /** `2xx: n, 4xx: n, 5xx: n, unanswered: n`, in that order. */
    summary() {
      return [...outcomes.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([outcome, n]) => `${outcome}: ${n}`)
        .join(', ');
    },
  };
}
export type Tally = ReturnType<typeof createTally>;

/**
 * The API as a load balancer in front of the `api` processes offers it: each call goes to one of
 * them; when that one does not answer (killed, paused, restarting) the next is tried, as a proxy
 * with health checks would do. Every attempt is counted.
 */
export function createBalancedApi(apis: () => Member[], tally: Tally, rng: Rng) {
  return async function call<T = { data: unknown }>(
    path: string,
    init: { method?: string; body?: unknown; token?: string; retry?: boolean; ip?: string } = {},
  ): Promise<Answer<T> | undefined> {
    const members = apis();
    const first = rng.int(members.length);
    const attempts = init.retry === false ? 1 : members.length;
    for (let i = 0; i < attempts; i++) {
      const member = members[(first + i) % members.length];
      if (!member) break;
      tally.requests += 1;
      try {
        const response = await fetch(`${member.url}${path}`, {
          method: init.method ?? 'GET',
          headers: {
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
            // The client's own address, as the proxy in front passes it on (TRUST_PROXY).
            ...(init.ip ? { 'x-forwarded-for': init.ip } : {}),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const body = (await response.json().catch(() => undefined)) as T;
        tally.count(`${Math.floor(response.status / 100)}xx`);
        if (response.status >= 400) {
          const route = path.split('?')[0]?.replace(/[0-9a-f-]{36}/g, ':id');
          const error = body as { code?: unknown; message?: unknown } | undefined;
          const key = `${response.status} ${init.method ?? 'GET'} ${route} ${String(error?.code)}`;
          tally.count(key);
          if (!tally.examples.has(key)) tally.examples.set(key, String(error?.message));
        }
        return { status: response.status, body };
      } catch {
        tally.count('unanswered');
      }
    }
    return undefined;
  };
}
export type BalancedApi = ReturnType<typeof createBalancedApi>;
