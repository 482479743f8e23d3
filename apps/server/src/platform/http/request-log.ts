import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { TConfig } from '../../config';

/**
 * The request log in development: one line per answered request, at `debug`, so the default level
 * (`info`) shows what the server does rather than every poll of an open tab; `LOG_LEVEL=debug`
 * brings the requests back (`trace` adds the line on arrival). A failed request is still an error
 * line at any level. Production keeps Fastify's own request lines, at `info`.
 */
export class DevelopmentRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.trace({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request, res: { statusCode: 404 } }, 'route not found');
  }
}

/** The request log for the environment: development's quiet one, or Fastify's own. */
export function requestLogFor(config: Pick<TConfig, 'APP_ENV'>): LogController | undefined {
  return config.APP_ENV === 'development' ? new DevelopmentRequestLog() : undefined;
}
