// The decisions of a back-office review queue (identity documents, balance operations, withdrawals):
// a member of staff approves an item, or rejects it with a reason.
import type { TStaffPermission } from '@td/contracts/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import { adminAnswer } from '../../platform/http/route-options';
import { type AuthContext, userOf } from './authenticate';

type Staff = AuthContext['user'];

/**
 * Registers `POST <item>/approve` and `POST <item>/reject` (the reason in the body), for staff
 * holding `permission`: each answers the item as `decide` leaves it, with its message.
 */
export function reviewDecisionRoutes<D extends z.core.$ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  queue: {
    /** The item's path, ending in `:id`. */
    item: string;
    permission: TStaffPermission;
    params: z.core.$ZodType<{ id: string }>;
    rejectBody: z.core.$ZodType<{ reason: string }>;
    data: D;
    approve: [message: string, decide: (staff: Staff, id: string) => Promise<z.output<D>>];
    reject: [message: string, decide: (staff: Staff, id: string, reason: string) => Promise<z.output<D>>];
  },
): void {
  const { permission, params } = queue;
  // The item's schema as the routes declare it: `decide` is held to it above.
  const data: z.core.$ZodType = queue.data;
  const [approved, approve] = queue.approve;
  const [rejected, reject] = queue.reject;
  app.post(
    `${queue.item}/approve`,
    adminAnswer(permission, { params, data }, approved, (request) =>
      approve(userOf(request), request.params.id),
    ),
  );
  app.post(
    `${queue.item}/reject`,
    adminAnswer(permission, { params, body: queue.rejectBody, data }, rejected, (request) =>
      reject(userOf(request), request.params.id, request.body.reason),
    ),
  );
}
