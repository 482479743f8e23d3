import type { TConfig, TRoleName } from './config';
import type { RoleState } from './modules/health/health.routes';
import type { PriceBoard } from './modules/market/price-board';
import type { SettingsService } from './modules/settings/settings.service';
import type { Bus } from './platform/bus/bus';
import type { DatabaseHandle } from './platform/db/client';
import type { Logger } from './platform/logger';
import type { Mailer } from './platform/mail/mailer';
import type { Metrics } from './platform/metrics/metrics';
import type { RateLimiter, RateLimitRule } from './platform/rate-limit';

export type { RoleState } from './modules/health/health.routes';

/** What every module may use: built once by the runtime (or a test) and passed down. */
export interface AppDeps {
  config: TConfig;
  db: DatabaseHandle;
  bus: Bus;
  logger: Logger;
  roleStatus: () => Partial<Record<TRoleName, RoleState>>;
  /** True once the process was asked to stop: `/health` then turns balancers away. */
  isDraining?: () => boolean;
  /** The built web app; unset (tests) means no web app is served. */
  webDistDir?: string | undefined;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Signs session tokens and keys the hashes of e-mailed codes. */
  jwtSecret: Uint8Array;
  /** The process's live prices (started by the caller): one per process, whatever its roles. */
  board: PriceBoard;
  /** The process's platform settings, cached and kept fresh over the bus (closed by the caller). */
  settings: SettingsService;
  /** How often the stream reads its sockets' sessions again (default SESSION_RECHECK_MS); tests shorten it. */
  sessionRecheckMs?: number | undefined;
  /** The trading routes' budget per user (default TRADING_LIMITS.requestsPerUser); tests change it. */
  tradingLimit?: RateLimitRule | undefined;
  /** The process's metrics (Prometheus): HTTP answers are timed into them when set. */
  metrics?: Metrics | undefined;
}
