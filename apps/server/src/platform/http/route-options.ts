// The route options that routes of one kind share: their access declaration beside their schema,
// and for routes that answer `{ message, data }`, the handler that sends that answer.
import type { TApiKeyScope } from '@td/contracts/api-keys';
import { successEnvelope } from '@td/contracts/envelope';
import type { TStaffPermission } from '@td/contracts/staff';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod/mini';
import { ok } from './reply';

/** The path parameters of a route on one thing by its id (`/…/:id`): a UUID. */
export const ZIdParams = z.object({ id: z.uuid() });

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

type Part = z.core.$ZodType | undefined;
type Out<S extends Part> = S extends z.core.$ZodType ? z.core.output<S> : undefined;

/** The input a route declares (each part validated before the handler runs) and the `data` it answers. */
export interface AnswerSchema<P extends Part, Q extends Part, B extends Part, D extends z.core.$ZodType> {
  params?: P;
  querystring?: Q;
  body?: B;
  data: D;
}

/** The request as a handler of such a route reads it: its parts typed by their schemas. */
export type AnswerRequest<P extends Part, Q extends Part, B extends Part> = FastifyRequest & {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
};

/** The route's schema: the parts declared, and the success envelope of `data` under `status`. */
function answerSchema<P extends Part, Q extends Part, B extends Part, D extends z.core.$ZodType>(
  declared: AnswerSchema<P, Q, B, D>,
  status: 200 | 201 = 200,
) {
  const { data, ...input } = declared;
  return { ...input, response: { [status]: successEnvelope(data) } };
}

/** The handler that answers `{ message, data }` with what `answer` gives for the request, under `status`. */
function answerWith<P extends Part, Q extends Part, B extends Part, D extends z.core.$ZodType>(
  message: string,
  answer: (request: AnswerRequest<P, Q, B>) => Promise<Out<D>>,
  status: 200 | 201 = 200,
) {
  return async (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(status).send(ok(message, await answer(request as AnswerRequest<P, Q, B>)));
}

/**
 * A back-office route (see `adminRoute`) that answers `{ message, data }` with status 200: its
 * schema, and the handler that sends what `answer` gives for the request under `message`.
 */
export function adminAnswer<P extends Part, Q extends Part, B extends Part, D extends z.core.$ZodType>(
  permission: TStaffPermission,
  schema: AnswerSchema<P, Q, B, D>,
  message: string,
  answer: (request: AnswerRequest<P, Q, B>) => Promise<Out<D>>,
) {
  return { ...adminRoute(permission, answerSchema(schema)), handler: answerWith(message, answer) };
}

/**
 * A signed-in user's route (see `userRoute`) that answers `{ message, data }` with status 200: its
 * schema, and the handler that sends what `answer` gives for the request under `message`.
 */
export function userAnswer<P extends Part, Q extends Part, B extends Part, D extends z.core.$ZodType>(
  schema: AnswerSchema<P, Q, B, D>,
  message: string,
  answer: (request: AnswerRequest<P, Q, B>) => Promise<Out<D>>,
  keys: { apiScope?: TApiKeyScope } = {},
) {
  return { ...userRoute(answerSchema(schema), keys), handler: answerWith(message, answer) };
}

/**
 * A signed-in user's route (see `userRoute`) that creates something and answers `{ message, data }`
 * with status 201: its schema, and the handler that sends what `create` gives under `message`.
 */
export function userCreated<P extends Part, Q extends Part, B extends Part, D extends z.core.$ZodType>(
  schema: AnswerSchema<P, Q, B, D>,
  message: string,
  create: (request: AnswerRequest<P, Q, B>) => Promise<Out<D>>,
) {
  return { ...userRoute(answerSchema(schema, 201)), handler: answerWith(message, create, 201) };
}
