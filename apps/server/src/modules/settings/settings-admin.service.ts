import type { AuditActor, AuditLog } from '../admin/audit';
import { SETTING_GROUPS, type SettingsService, type TSettingGroup } from './settings.service';

/** The back-office's settings: every group as stored, and a group changed (audited). */
export function createSettingsAdmin(deps: { settings: SettingsService; audit: AuditLog }) {
  return {
    async all(): Promise<Record<TSettingGroup, Record<string, unknown>>> {
      const values = await Promise.all(SETTING_GROUPS.map((group) => deps.settings.read(group)));
      return Object.fromEntries(SETTING_GROUPS.map((group, index) => [group, values[index] ?? {}])) as Record<
        TSettingGroup,
        Record<string, unknown>
      >;
    },

    async update(actor: AuditActor, group: TSettingGroup, patch: unknown) {
      const { before, after } = await deps.settings.update(group, patch);
      await deps.audit.record(actor, {
        action: 'settings.update',
        targetType: 'settings',
        targetId: group,
        before,
        after,
      });
      return deps.settings.read(group);
    },
  };
}
export type SettingsAdmin = ReturnType<typeof createSettingsAdmin>;
