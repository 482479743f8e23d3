// Hooks that belong on some routes only, added to each from an `onRoute` hook.
import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preParsing' | 'preValidation';
type HookOf<N extends HookName> =
  NonNullable<RouteOptions[N]> extends infer H ? (H extends readonly (infer F)[] ? F : H) : never;

/**
 * Adds `hook` to one route's own `name` hooks, `first` or `last` among them, from an `onRoute` hook.
 * A hook only some routes need belongs on those routes: an app-wide hook runs on every request,
 * and each costs its call whether it has work or not.
 */
export function addRouteHook<N extends HookName>(
  route: RouteOptions,
  name: N,
  hook: HookOf<N>,
  at: 'first' | 'last',
): void {
  const own = [route[name] ?? []].flat() as HookOf<N>[];
  (route as unknown as Record<N, HookOf<N>[]>)[name] = at === 'first' ? [hook, ...own] : [...own, hook];
}

/** Whether a route may read a request body (every method but GET and HEAD). */
export function readsBody(route: RouteOptions): boolean {
  return [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
}
