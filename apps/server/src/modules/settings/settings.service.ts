// The platform's operator settings: defaults in code overlaid with what administrators stored,
// read by the web app and the server (fees, rates, limits, the brand in mails). Each process caches
// them; a change is announced on the bus so every process drops its copy.
import {
  SETTING_DEFAULTS,
  SETTING_GROUPS,
  SETTINGS_CHANGED_CHANNEL,
  type TSettingGroup,
  type TSettingsOf,
  ZSettingsPatch,
} from '@td/contracts/settings';
import { z } from 'zod/mini';
import { type Bus, defineChannel } from '../../platform/bus/bus';
import type { Database, Executor } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Brand } from '../../platform/mail/email-layout';
import { createReadCache } from '../../platform/read-cache';
import { createSettingsRepository } from './settings.repository';

export { SETTING_GROUPS, type TSettingGroup };

/** A settings group changed: every process drops its cached copy. */
const SETTINGS_CHANGED = defineChannel(SETTINGS_CHANGED_CHANNEL, z.object({ group: z.enum(SETTING_GROUPS) }));

/** A group's schema with every key optional: what is stored or sent is read key by key. */
const keyByKey = (group: TSettingGroup) => z.partial(ZSettingsPatch[group] as z.ZodMiniObject);
const KEY_BY_KEY = Object.fromEntries(SETTING_GROUPS.map((group) => [group, keyByKey(group)])) as Record<
  TSettingGroup,
  ReturnType<typeof keyByKey>
>;

/** How long a cached group may be trusted without hearing of a change (a lost bus message heals). */
const CACHE_TTL_MS = 60_000;

/**
 * Public settings: the defaults in code, overlaid with what administrators stored. Each process
 * caches the groups it read; a change is announced on the bus, and every process (this one too)
 * drops its copy, so the next read sees the new values.
 */
export function createSettingsService(deps: {
  db: Database;
  bus: Bus;
  logger: Logger;
  googleClientId: string | undefined;
  /** Development without SMTP: the mails are on the outbox page (/dev/outbox), and the web app says so. */
  isMailInOutbox?: boolean;
}) {
  const repo = createSettingsRepository(deps.db);
  const cache = createReadCache<TSettingGroup, Record<string, unknown>>({
    ttlMs: CACHE_TTL_MS,
    max: SETTING_GROUPS.length,
  });

  const load = async (group: TSettingGroup, executor?: Executor): Promise<Record<string, unknown>> => {
    const stored = await repo.find(group, executor);
    // What was stored under an older shape is ignored key by key, never served half-valid.
    const valid = KEY_BY_KEY[group].safeParse(stored);
    return { ...SETTING_DEFAULTS[group], ...(valid.success ? valid.data : {}) };
  };

  const stored = (group: TSettingGroup, executor?: Executor) => cache.get(group, () => load(group, executor));

  const offChanges = deps.bus.subscribe(SETTINGS_CHANGED, ({ group }) => {
    cache.delete(group);
  });

  return {
    /** A group as the web app reads it. */
    async read(group: TSettingGroup): Promise<Record<string, unknown>> {
      const value = await stored(group);
      return group === 'general'
        ? {
            ...value,
            googleClientId: deps.googleClientId ?? null,
            isMailInOutbox: deps.isMailInOutbox ?? false,
          }
        : value;
    },

    /**
     * One group, typed, for the server's own use (fees, commission rate, limits). Inside a database
     * transaction pass it: on the embedded database a read outside it would wait for it to end.
     */
    async get<G extends TSettingGroup>(group: G, executor?: Executor): Promise<TSettingsOf<G>> {
      return (await stored(group, executor)) as TSettingsOf<G>;
    },

    /** One group, typed, when its kept copy is at hand (no waiting): else undefined (`get` reads it). */
    peek<G extends TSettingGroup>(group: G): TSettingsOf<G> | undefined {
      return cache.peek(group) as TSettingsOf<G> | undefined;
    },

    /**
     * Changes some keys of a group; answers the group before and after (for the audit log).
     * Unknown keys are dropped; a bad value is a 400 naming its field.
     */
    async update(
      group: TSettingGroup,
      patch: unknown,
    ): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
      const parsed = KEY_BY_KEY[group].safeParse(patch);
      if (!parsed.success) {
        throw badRequest(
          parsed.error.issues[0]?.message ?? 'Invalid settings',
          parsed.error.issues.map((issue) => ({
            field: ['body', ...issue.path.map(String)].join('.'),
            message: issue.message,
          })),
        );
      }
      const before = await load(group);
      const after: Record<string, unknown> = { ...before, ...parsed.data };
      const value = Object.fromEntries(Object.keys(SETTING_DEFAULTS[group]).map((key) => [key, after[key]]));
      await repo.save(group, value);
      cache.delete(group);
      await deps.bus
        .publish(SETTINGS_CHANGED, { group })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'announcing a settings change failed'));
      return { before, after: value };
    },

    async close() {
      await (await offChanges)();
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

/** The product's name and support address as the operator set them, for every mail. */
export const brandOf = (settings: Pick<SettingsService, 'get'>) => async (): Promise<Brand> => {
  const { appName, supportEmail } = await settings.get('general');
  return { appName, supportEmail };
};
