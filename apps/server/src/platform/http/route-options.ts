// The route options that routes of one kind share: their access declaration beside their schema.
import type { TStaffPermission } from '@td/contracts/staff';
import type { FastifySchema } from 'fastify';

/**
 * A back-office route's options: administrators whose role holds `permission` only (the access
 * table reads this `config`), and the route's schema as given, its types kept for the handler.
 */
export function adminRoute<S extends FastifySchema>(
  permission: TStaffPermission,
  schema: S,
): { config: { access: 'admin'; permission: TStaffPermission }; schema: S } {
  return { config: { access: 'admin', permission }, schema };
}
