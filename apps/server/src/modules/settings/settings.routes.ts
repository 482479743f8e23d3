import { successEnvelope } from '@td/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { SETTING_GROUPS, type SettingsService } from './settings.service';

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/:name',
      {
        schema: {
          params: z.object({
            name: z.enum(SETTING_GROUPS, { error: `Must be one of ${SETTING_GROUPS.join(', ')}` }),
          }),
          response: { 200: successEnvelope(z.record(z.string(), z.unknown())) },
        },
      },
      async (request) => ok('Settings fetched successfully', await settings.read(request.params.name)),
    );
  };
}
