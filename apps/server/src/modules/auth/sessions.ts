import { z } from 'zod';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import type { Logger } from '../../platform/logger';
import type { AuthRepository } from './auth.repository';

/**
 * Announced after sessions are revoked in the database: every stream process closes the sockets
 * opened under them. Delivery is at most once, so the stream also rechecks its sockets' sessions
 * now and then; the database stays the truth.
 */

/** Session ids per announcement: a user with very many sessions gets several messages, none huge. */
export const ENDED_SESSIONS_PER_MESSAGE_MAX = 1_000;

const ZSessionId = z.uuid();
export const isSessionId = (value: string) => ZSessionId.safeParse(value).success;

export const ZSessionsEnded = z.object({
  userId: ZSessionId,
  sessionIds: z.array(ZSessionId).min(1).max(ENDED_SESSIONS_PER_MESSAGE_MAX),
});
export type TSessionsEnded = z.infer<typeof ZSessionsEnded>;
/** Sessions ended before their time: every stream process closes their sockets. */
export const SESSIONS_ENDED_CHANNEL = defineChannel('sessions.ended', ZSessionsEnded);

/**
 * The events that take an account back (or may have handed it to someone): each ends the other
 * sessions and revokes every API key of the account, whoever made them.
 */
export type AccountTakeBack =
  | 'password_reset'
  | 'password_change'
  | 'tfa_on'
  | 'tfa_off'
  | 'sign_out_everywhere';

/**
 * The one way a session ends before its time (logout, a password change or reset, a revoke from
 * the Security screen, an administrator's suspension or deletion): revoked in the database, then
 * announced on SESSIONS_ENDED_CHANNEL so the live sockets of those sessions close too.
 */
export function createSessionEnder(deps: {
  repo: Pick<AuthRepository, 'revokeSession' | 'revokeSessions'>;
  bus: Bus;
  logger: Logger;
  /** Revokes every live API key of the user and tells them why (the API keys module). */
  revokeApiKeys?: (userId: string, why: AccountTakeBack) => Promise<void>;
}) {
  const announce = async (userId: string, sessionIds: string[]) => {
    for (let start = 0; start < sessionIds.length; start += ENDED_SESSIONS_PER_MESSAGE_MAX) {
      const message: TSessionsEnded = {
        userId,
        sessionIds: sessionIds.slice(start, start + ENDED_SESSIONS_PER_MESSAGE_MAX),
      };
      try {
        await deps.bus.publish(SESSIONS_ENDED_CHANNEL, message);
      } catch (error) {
        // The revocation stands: the stream's periodic recheck closes those sockets instead.
        deps.logger.warn({ err: error, userId }, 'announcing ended sessions failed');
      }
    }
  };

  return {
    /** Ends one session of a user; false when it was not a live session of theirs. */
    async endOne(userId: string, sessionId: string): Promise<boolean> {
      const ended = await deps.repo.revokeSession(userId, sessionId);
      if (ended) await announce(userId, [sessionId]);
      return ended;
    },
    /**
     * Ends every session of a user, except `keep` when given; how many ended. With `takeBack`,
     * every API key of the user is revoked too: a key made from a borrowed session must not outlive
     * the owner taking the account back.
     */
    async endAll(
      userId: string,
      options: { keep?: string | undefined; takeBack?: AccountTakeBack } = {},
    ): Promise<number> {
      const ended = await deps.repo.revokeSessions(userId, options.keep);
      await announce(userId, ended);
      if (options.takeBack) await deps.revokeApiKeys?.(userId, options.takeBack);
      return ended.length;
    },
  };
}
export type SessionEnder = ReturnType<typeof createSessionEnder>;
