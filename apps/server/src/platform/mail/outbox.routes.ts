import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config';
import { notFound } from '../errors';
import { isOutboxShown, listOutbox, OUTBOX_PATH, outboxDirOf, readOutboxMail } from './outbox';
import { OUTBOX_PAGE_HEADERS, renderOutboxList, renderOutboxMail } from './outbox-page';

/** How many mails the outbox page lists (the newest). */
const LISTED_MAX = 100;

/**
 * The development outbox as pages: the list of mails and each mail. Registered on every server,
 * they answer only in development without SMTP (`isOutboxShown`); anywhere else there is no such
 * page (404), as there is no such mail.
 */
export function outboxRoutes(deps: {
  config: Pick<TConfig, 'APP_ENV' | 'SMTP_URL' | 'dataDir'>;
}): FastifyPluginAsyncZod {
  const dir = outboxDirOf(deps.config.dataDir);
  const isShown = isOutboxShown(deps.config);
  return async (app) => {
    app.get(OUTBOX_PATH, { config: { access: 'public' } }, async (_request, reply) => {
      if (!isShown) throw notFound();
      return reply
        .headers(OUTBOX_PAGE_HEADERS)
        .type('text/html; charset=utf-8')
        .send(renderOutboxList(await listOutbox(dir, LISTED_MAX)));
    });

    app.get(
      `${OUTBOX_PATH}/:id`,
      {
        config: { access: 'public' },
        schema: { params: z.object({ id: z.string().max(64) }) },
      },
      async (request, reply) => {
        if (!isShown) throw notFound();
        const mail = await readOutboxMail(dir, request.params.id);
        if (!mail) throw notFound();
        return reply
          .headers(OUTBOX_PAGE_HEADERS)
          .type('text/html; charset=utf-8')
          .send(renderOutboxMail(mail));
      },
    );
  };
}
