import type { TApiKeyScope } from '@td/contracts/api-keys';
import { STAFF_PERMISSIONS, type TStaffPermission } from '@td/contracts/staff';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import { addRouteHook } from './route-hooks';

/**
 * Who may call a route, declared on the route itself (`config: { access }`):
 * - `public`: anyone, signed in or not;
 * - `email`, `tfa`: the token of a sign-in waiting for its e-mail code or its two-factor code;
 * - `user`: a normal session of an active user;
 * - `admin`: the same, of a member of staff whose role holds the route's `permission` (from the
 *   staff table, `@td/contracts/staff`) and who has a second factor on (403 for anyone else);
 * - `signed`: anyone holding a link this server signed, unaltered and unexpired (an `<img>` sends
 *   no token).
 *
 * A `user` route may also declare `apiScope` (`read` or `trade`): it then also takes requests signed
 * with an API key of that scope. Routes without it refuse API keys.
 */
export const ROUTE_ACCESS = ['public', 'email', 'tfa', 'user', 'admin', 'signed'] as const;
export type TRouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TRouteAccess;
    /** The API key scope that may also call this `user` route. */
    apiScope?: TApiKeyScope;
    /** What an `admin` route does, in the staff permission table (`@td/contracts/staff`). */
    permission?: TStaffPermission;
  }
  interface FastifyInstance {
    /** Every route of the app with its declared access and schema (the authorisation table). */
    routeTable(): readonly DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: TRouteAccess;
  apiScope: TApiKeyScope | undefined;
  /** What an `admin` route does (undefined on every other route). */
  permission: TStaffPermission | undefined;
  schema: FastifySchema | undefined;
}

/**
 * A check that throws the request out (401, 403, 404) or lets it through: at once (returning
 * nothing) when it needs to wait for nothing, else when its promise settles.
 */
export type AccessGuard = (request: FastifyRequest) => Promise<void> | undefined;
export type AccessGuards = Record<Exclude<TRouteAccess, 'public'>, AccessGuard>;

const SCOPE_ACCESS = Symbol('scope access');
const isRouteAccess = (value: unknown): value is TRouteAccess =>
  (ROUTE_ACCESS as readonly unknown[]).includes(value);
const isStaffPermission = (value: unknown): value is TStaffPermission =>
  (STAFF_PERMISSIONS as readonly unknown[]).includes(value);

/**
 * Gives every route registered in `scope` that declares nothing the access `access`: for a
 * plugin whose routes cannot carry a config (the built web app's static files).
 */
export function declareScopeAccess(scope: FastifyInstance, access: TRouteAccess): void {
  scope.decorate(SCOPE_ACCESS, access);
}

/**
 * The one place requests are let in: every route registered after this must declare its access
 * (and an `admin` route its permission), or the app refuses to start, naming the route. The matching guard runs as the route's first
 * `onRequest` hook, so a caller without access is refused before the input is read or validated.
 */
export function registerAccessControl(app: FastifyInstance, guards: AccessGuards): void {
  const table: DeclaredRoute[] = [];
  app.decorate('routeTable', () => table);
  app.addHook('onRoute', function declare(this: FastifyInstance, route: RouteOptions) {
    const scoped = (this as unknown as Record<symbol, unknown>)[SCOPE_ACCESS];
    const access = route.config?.access ?? scoped;
    const methods = [route.method].flat();
    if (!isRouteAccess(access)) {
      throw new Error(
        `${methods.join(',')} ${route.url} declares no access: add config: { access: ${ROUTE_ACCESS.map((a) => `'${a}'`).join(' | ')} }`,
      );
    }
    const apiScope = route.config?.apiScope;
    if (apiScope && access !== 'user') {
      throw new Error(`${methods.join(',')} ${route.url}: only a 'user' route can take API keys`);
    }
    const permission = route.config?.permission;
    if (access === 'admin' && !isStaffPermission(permission)) {
      throw new Error(
        `${methods.join(',')} ${route.url} declares no permission: add config: { access: 'admin', permission: ${STAFF_PERMISSIONS.map((p) => `'${p}'`).join(' | ')} }`,
      );
    }
    if (permission && access !== 'admin') {
      throw new Error(`${methods.join(',')} ${route.url}: only an 'admin' route declares a permission`);
    }
    route.config = { ...route.config, access };
    for (const method of methods) {
      table.push({ method, url: route.url, access, apiScope, permission, schema: route.schema });
    }
    if (access === 'public') return;
    const guard = guards[access];
    // A callback, not an async function: a guard that decides at once lets the request on without
    // a promise (it runs on every request).
    const check = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      let waiting: Promise<void> | undefined;
      try {
        waiting = guard(request);
      } catch (error) {
        return done(error as Error);
      }
      if (!waiting) return done();
      waiting.then(() => done(), done);
    };
    addRouteHook(route, 'onRequest', check, 'first');
  });
}
