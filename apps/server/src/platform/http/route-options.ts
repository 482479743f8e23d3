// The route options that routes of one kind share: their access declaration beside their schema.
import type { TApiKeyScope } from '@td/contracts/api-keys';
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

/**
 * A signed-in user's route options: a normal session of an active user only (the access table
 * reads this `config`), also an API key of `apiScope` where one is given, and the route's schema
 * as given, its types kept for the handler.
 */
export function userRoute<S extends FastifySchema>(
  schema: S,
  keys: { apiScope?: TApiKeyScope } = {},
): { config: { access: 'user'; apiScope?: TApiKeyScope }; schema: S } {
  return { config: { access: 'user', ...keys }, schema };
}
