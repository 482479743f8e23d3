/**
 * The dealing desk on the stream: staff whose role holds `risk` join `admin:risk`, which gets the
 * pairs' exposure every few seconds while someone on this process watches, and the exposure-limit
 * alerts.
 */
import type { TRiskExposureEvent } from '@td/contracts/risk';
import { mayDo } from '@td/contracts/staff';
import type { TRole } from '@td/contracts/statuses';
import type { Bus } from '../../platform/bus/bus';
import type { Logger } from '../../platform/logger';
import { EXPOSURE_LIMIT_CHANNEL } from '../risk/exposure-limit';
import type { Refuse, RoomAudience, StreamServer, StreamSocket } from './stream-rooms';

/** Staff whose role holds `risk`: the pairs' exposure and the exposure-limit alerts. */
export const RISK_ROOM = 'admin:risk';
/** How often the exposure goes to `admin:risk` while someone watches. */
export const RISK_EXPOSURE_EVERY_MS = 3_000;

/**
 * The staff channel `admin:risk`: who may join it (a role holding `risk`), the exposure it
 * repeats every `everyMs` while someone on this process watches, and the bus of its alerts.
 */
export interface RiskChannelDeps {
  bus: Bus;
  /** The user's role as the back-office sees it: undefined for staff without a second factor. */
  roleOf: (userId: string) => Promise<TRole | undefined>;
  exposure: () => Promise<TRiskExposureEvent>;
  everyMs?: number | undefined;
}

export function createRiskChannel(deps: {
  io: StreamServer;
  /** Unset where the stream serves no dealing desk: `watchRisk` is refused. */
  risk: RiskChannelDeps | undefined;
  audience: RoomAudience;
  log: Logger;
}) {
  const { io, risk, audience, log } = deps;
  const { hasListeners, sent } = audience;

  let isSendingExposure = false;
  const sendExposure = () => {
    if (!risk || isSendingExposure || !hasListeners(RISK_ROOM)) return;
    isSendingExposure = true;
    risk
      .exposure()
      .then((event) => sent('riskExposure', RISK_ROOM) && io.local.to(RISK_ROOM).emit('riskExposure', event))
      .catch((error: unknown) => log.warn({ err: error }, 'reading the exposure failed'))
      .finally(() => {
        isSendingExposure = false;
      });
  };
  const riskTimer = setInterval(sendExposure, risk?.everyMs ?? RISK_EXPOSURE_EVERY_MS);
  riskTimer.unref();
  let offExposureLimits: (() => Promise<void>) | undefined;
  if (risk) {
    void risk.bus
      .subscribe(
        EXPOSURE_LIMIT_CHANNEL,
        (event) => sent('exposureLimit', RISK_ROOM) && io.local.to(RISK_ROOM).emit('exposureLimit', event),
        { only: () => hasListeners(RISK_ROOM) },
      )
      .then((off) => {
        offExposureLimits = off;
      });
  }

  /** Answers the socket's `watchRisk`: joins staff allowed to watch, and leaves on `false`. */
  const listen = (socket: StreamSocket, refuse: Refuse) => {
    socket.on('watchRisk', (watch) => {
      if (watch !== true) {
        void socket.leave(RISK_ROOM);
        return;
      }
      if (!risk) return refuse('watchRisk', 'Not available');
      risk
        .roleOf(socket.data.userId)
        .then(async (role) => {
          if (!role || !mayDo(role, 'risk')) return refuse('watchRisk', 'Not allowed');
          await socket.join(RISK_ROOM);
          sendExposure();
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'joining the risk channel failed');
          refuse('watchRisk', 'Subscription failed, please retry');
        });
    });
  };

  return {
    listen,
    async close() {
      clearInterval(riskTimer);
      await offExposureLimits?.();
    },
  };
}
