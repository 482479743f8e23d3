import { successEnvelope, ZErrorBody, ZHealth, ZLiveness } from '@td/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TRoleName } from '../../config';
import type { Bus } from '../../platform/bus/bus';
import type { DatabaseHandle } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/reply';
import type { FeedStatus } from '../market/price-sources';

/**
 * How long the bus may take to answer a health check's ping before it counts as down. Redis answers
 * in a millisecond; a client cut off from it queues the ping through its reconnection attempts, which
 * would hold the answer past a probe's own timeout (and every probe would see nothing at all).
 */
const BUS_PING_TIMEOUT_MS = 500;

/** The bus's ping, or a refusal once it has taken longer than `BUS_PING_TIMEOUT_MS`. */
function pingWithin(bus: Pick<Bus, 'ping'>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the bus did not answer in time')), BUS_PING_TIMEOUT_MS);
  });
  return Promise.race([bus.ping(), late]).finally(() => clearTimeout(timer));
}

/** Whether a role runs here: a singleton role waits on standby while another process holds it. */
export type RoleState = 'active' | 'standby';

/** What the health check reads: the two connections and the roles' states. */
export interface HealthDeps {
  db: Pick<DatabaseHandle, 'ping'>;
  bus: Pick<Bus, 'ping'>;
  roleStatus: () => Partial<Record<TRoleName, RoleState>>;
  isDraining?: (() => boolean) | undefined;
  /** The price sources' state, from the prices this process holds. */
  feeds: () => Promise<FeedStatus[]>;
}

/**
 * `GET /health`: 200 while the database answers; 503 when it does not, or when the process is
 * stopping (`draining`), so that load balancers send it nothing new.
 */
export function healthRoutes(deps: HealthDeps): FastifyPluginAsyncZod {
  const readHealth = async () => {
    const [db, bus, feeds] = await Promise.all([
      deps.db.ping().then(
        () => 'ok' as const,
        () => 'down' as const,
      ),
      pingWithin(deps.bus).then(
        () => 'ok' as const,
        () => 'down' as const,
      ),
      deps.feeds().catch(() => []),
    ]);
    const health = {
      status: deps.isDraining?.() ? 'draining' : db === 'ok' && bus === 'ok' ? 'ok' : 'degraded',
      db,
      bus,
      roles: deps.roleStatus(),
      feeds: feeds.map((feed) => ({
        ...feed,
        lastMessageAgeMs: feed.lastMessageAgeMs === null ? null : Math.round(feed.lastMessageAgeMs),
      })),
    } as const;
    return health;
  };

  /** A public route that answers the health report, or 503 with it when the process cannot serve. */
  const healthReport = {
    config: { access: 'public' },
    schema: { response: { 200: successEnvelope(ZHealth), 503: ZErrorBody } },
  } as const;

  return async (app) => {
    app.get('/health', healthReport, async () => {
      const health = await readHealth();
      if (health.db === 'down') throw new AppError('UNAVAILABLE', 'The database is unreachable', health);
      if (health.status === 'draining')
        throw new AppError('UNAVAILABLE', 'This process is stopping: it finishes what it has', health);
      return ok('OK', health);
    });

    // For orchestrators: alive while it answers; ready while the database and the bus answer and
    // it is not stopping (a draining process is no longer ready, so nothing new is sent to it).
    app.get(
      '/health/live',
      { config: { access: 'public' }, schema: { response: { 200: successEnvelope(ZLiveness) } } },
      async () => ok('Live', { status: 'live' as const }),
    );
    app.get('/health/ready', healthReport, async () => {
      const health = await readHealth();
      if (health.status !== 'ok') throw new AppError('UNAVAILABLE', 'This process is not ready', health);
      return ok('Ready', health);
    });
  };
}
