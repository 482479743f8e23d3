import {
  ZBalanceOperation,
  ZBalanceOperationRejectRequest,
  ZBalanceOperationRequest,
  ZBalanceOperationRules,
  ZBalanceOperationsQuery,
  ZUserBalanceOperation,
  ZUserBalanceOperationsQuery,
  ZWithdrawable,
} from '@td/contracts/balance-operations';
import { ZAccount } from '@td/contracts/enums';
import { pageOf, successEnvelope } from '@td/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ok } from '../../platform/http/reply';
import { adminAnswer, adminRoute, userAnswer, ZIdParams } from '../../platform/http/route-options';
import { userOf } from '../auth/authenticate';
import { reviewDecisionRoutes } from '../auth/review-routes';
import type { BalanceOperations } from './balance-operations.service';

/**
 * Balance operations: staff holding `balance` create them on a user's account, and a second member
 * of staff approves or rejects those above the approval threshold; the user reads their applied
 * operations (History) and what of their cash is withdrawable.
 */
export function balanceOperationsRoutes(deps: { operations: BalanceOperations }): FastifyPluginAsyncZod {
  const { operations } = deps;
  return async (app) => {
    app.post(
      '/admin/users/:id/balance-operations',
      adminRoute('balance', {
        params: ZIdParams,
        body: ZBalanceOperationRequest,
        response: { 200: successEnvelope(ZBalanceOperation) },
      }),
      async (request) => {
        const operation = await operations.create(userOf(request), request.params.id, request.body);
        return ok(
          operation.status === 'pending'
            ? 'Balance operation waits for approval'
            : 'Balance operation applied',
          operation,
        );
      },
    );
    app.get(
      '/admin/balance-operations',
      adminAnswer(
        'balance',
        { querystring: ZBalanceOperationsQuery, data: pageOf(ZBalanceOperation) },
        'Balance operations fetched',
        (request) => operations.list(request.query),
      ),
    );
    app.get(
      '/admin/balance-operations/rules',
      adminAnswer('balance', { data: ZBalanceOperationRules }, 'Balance operation rules fetched', () =>
        operations.rules(),
      ),
    );
    reviewDecisionRoutes(app, {
      item: '/admin/balance-operations/:id',
      permission: 'balance',
      params: ZIdParams,
      rejectBody: ZBalanceOperationRejectRequest,
      data: ZBalanceOperation,
      approve: ['Balance operation approved', (staff, id) => operations.approve(staff, id)],
      reject: ['Balance operation rejected', (staff, id, reason) => operations.reject(staff, id, reason)],
    });

    app.get(
      '/balance-operations',
      userAnswer(
        { querystring: ZUserBalanceOperationsQuery, data: pageOf(ZUserBalanceOperation) },
        'Balance operations fetched',
        (request) => operations.ofUser(userOf(request).id, request.query),
      ),
    );
    app.get(
      '/balance-operations/withdrawable',
      userAnswer(
        { querystring: z.object({ account: z._default(ZAccount, 'real') }), data: ZWithdrawable },
        'Withdrawable balance fetched',
        (request) => operations.withdrawable(userOf(request).id, request.query.account),
      ),
    );
  };
}
