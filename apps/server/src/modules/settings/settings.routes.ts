// The public HTTP route that serves a group of platform settings to the web app; no sign-in needed.
import { successEnvelope } from '@td/contracts/envelope';
import { ZPublicSettingGroup } from '@td/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import type { SettingsService } from './settings.service';

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/:name',
      {
        config: { access: 'public' },
        schema: {
          params: z.object({ name: ZPublicSettingGroup }),
          response: { 200: successEnvelope(z.record(z.string(), z.unknown())) },
        },
      },
      async (request) => ok('Settings fetched successfully', await settings.read(request.params.name)),
    );
  };
}
