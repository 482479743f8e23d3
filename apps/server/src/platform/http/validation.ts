// How requests are checked: each part against its route's zod schema (the type provider's
// compiler), with one shortcut. Most GETs come without a query string, and a route's answer to an
// empty one never changes: it is worked out once, when the route is built, and handed out afresh.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

type Primitive = string | number | boolean | null | undefined;

/** An object whose values are all plain values: a shallow copy of it is a copy of all of it. */
function isFlatObject(value: unknown): value is Record<string, Primitive> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((item) => item === null || typeof item !== 'object');
}

/** Whether a parsed query string has no parameter at all. */
function isEmptyQuery(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  for (const _ in data) return false;
  return true;
}

/**
 * The type provider's compiler; for a query string, an empty one is answered with the value the
 * schema gave `{}` when the route was built (its defaults), a new copy each time, so that a handler
 * changing its query changes no other request's. A schema that refuses `{}` (a required
 * parameter), or gives anything but plain values, is checked on every request as before.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const check = validatorCompiler(route);
  if (route.httpPart !== 'querystring') return check;
  const checkedEmpty = check({});
  const emptyValue =
    typeof checkedEmpty === 'object' && !('then' in checkedEmpty) && !checkedEmpty.error
      ? checkedEmpty.value
      : undefined;
  if (!isFlatObject(emptyValue)) return check;
  return (data: unknown) => (isEmptyQuery(data) ? { value: { ...emptyValue } } : check(data));
};
