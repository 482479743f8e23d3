import type { TApiKeyScope } from '@td/contracts/api-keys';
import { ROLE_PERMISSIONS, type TStaffPermission, type TStaffRole } from '@td/contracts/staff';
import type { InjectOptions } from 'fastify';
import { AUTH_LIMITS } from '../modules/auth/auth-rules';
import type { DeclaredRoute } from '../platform/http/access';
import type { TestUser } from './accounts';
import { type SigningKey, signedInject } from './api-keys';
import type { RouteWorld } from './route-world';

/**
 * The callers the contract fuzzing sends a route's requests as, besides the one it is meant for
 * (a user's session, an administrator): the owner's API key with the scope the route takes
 * (signed requests), a member of staff of a role other than administrator that holds the
 * route's permission, and one whose role does not (every answer to them a refusal).
 */

/** The staff roles other than administrator. */
const OTHER_ROLES = (Object.keys(ROLE_PERMISSIONS) as TStaffRole[]).filter((role) => role !== 'admin');

export type Caller =
  | { name: string; kind: 'session'; token: string | undefined }
  | { name: string; kind: 'key'; key: SigningKey & { id: string } }
  /** Refused whatever they send: 403 FORBIDDEN. */
  | { name: string; kind: 'refused'; token: string };

export interface RouteCallers {
  /** The owner's key of each scope, made afresh for each route (`renewKey`). */
  keys: Partial<Record<TApiKeyScope, SigningKey & { id: string }>>;
  staff: Record<Exclude<TStaffRole, 'admin'>, TestUser>;
}

/** A member of staff of each role other than administrator. */
export async function buildRouteCallers(world: RouteWorld): Promise<RouteCallers> {
  const staff = {} as RouteCallers['staff'];
  for (const role of OTHER_ROLES) {
    const person = await world.desk.newUser();
    await world.desk.makeStaff(person, role);
    staff[role as Exclude<TStaffRole, 'admin'>] = person;
  }
  return { keys: {}, staff };
}

/**
 * A new key of the owner's with `scope`, the previous one revoked: the routes before may have
 * taken the account back (a password change, every other session signed out), which revokes
 * every key, and a new key starts with its whole budget of requests a minute.
 */
export async function renewKey(
  world: RouteWorld,
  callers: RouteCallers,
  scope: TApiKeyScope,
  /** A live session of the owner's. */
  token: string,
) {
  const { desk } = world;
  const owner = { ...world.owner, token };
  // The fuzzing of the routes that ask for the password has spent this account's attempts.
  await desk.t.deps.limiter.reset(AUTH_LIMITS.proofPerAccount, owner.id);
  const previous = callers.keys[scope];
  if (previous) await desk.call(owner, 'DELETE', `/profile/api-keys/${previous.id}`);
  const create = () =>
    desk.call(owner, 'POST', '/profile/api-keys', {
      label: `Fuzz ${scope}`,
      scopes: [scope],
      currentPassword: owner.password,
    });
  let created = await create();
  if (created.statusCode === 409) {
    // The fuzzing of key creation filled the account's places: its keys go (not the world's own).
    const listed = (await desk.call(owner, 'GET', '/profile/api-keys')).json().data as Array<{ id: string }>;
    for (const { id } of listed) {
      if (id !== world.ids.apiKey) await desk.call(owner, 'DELETE', `/profile/api-keys/${id}`);
    }
    created = await create();
  }
  if (created.statusCode >= 300) throw new Error(`API key failed: ${created.statusCode} ${created.body}`);
  const { id, keyId, secret } = created.json().data;
  callers.keys[scope] = { id, keyId, secret };
}

/** A role other than administrator that holds `permission` and one that does not (either may be missing). */
function rolesFor(permission: TStaffPermission) {
  return {
    holder: OTHER_ROLES.find((role) => ROLE_PERMISSIONS[role].includes(permission)),
    stranger: OTHER_ROLES.find((role) => !ROLE_PERMISSIONS[role].includes(permission)),
  };
}

/** The callers of a route besides the one it is meant for (`own`, a session or none). */
export function callersOf(route: DeclaredRoute, own: string | undefined, callers: RouteCallers): Caller[] {
  const list: Caller[] = [{ name: route.access, kind: 'session', token: own }];
  const key = route.apiScope ? callers.keys[route.apiScope] : undefined;
  if (key) list.push({ name: `API key (${route.apiScope})`, kind: 'key', key });
  if (route.access === 'admin' && route.permission) {
    const { holder, stranger } = rolesFor(route.permission);
    if (holder) {
      list.push({ name: `staff (${holder})`, kind: 'session', token: callers.staff[holder].token });
    }
    if (stranger) {
      list.push({ name: `staff (${stranger})`, kind: 'refused', token: callers.staff[stranger].token });
    }
  }
  return list;
}

let lastTimestampMs = 0;

/** The request as `caller` sends it: with its token, or signed with its key (a fresh timestamp each). */
export function asCaller(caller: Caller, unsigned: InjectOptions): InjectOptions {
  if (caller.kind !== 'key') {
    const token = caller.token;
    const headers = { ...(unsigned.headers as Record<string, string> | undefined) };
    return token ? { ...unsigned, headers: { ...headers, authorization: `Bearer ${token}` } } : unsigned;
  }
  lastTimestampMs = Math.max(Date.now(), lastTimestampMs + 1);
  return signedInject(caller.key, unsigned, lastTimestampMs);
}
