import { pageOf, successEnvelope } from '@td/contracts/envelope';
import {
  ZAdminWithdrawal,
  ZMarkSentRequest,
  ZRejectWithdrawalRequest,
  ZWalletTransaction,
  ZWalletTransactionsQuery,
} from '@td/contracts/wallet';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../platform/errors';
import { ok } from '../../platform/http/reply';
import { type Authenticator, authOf } from '../auth/authenticate';
import type { WalletAdmin } from './wallet-admin.service';

const params = z.object({ id: z.uuid('Not a withdrawal id') });

/** Administrators' side of withdrawals: review, approve, reject, and mark sent by hand. */
export function walletAdminRoutes(deps: {
  admin: WalletAdmin;
  authenticate: Authenticator;
}): FastifyPluginAsyncZod {
  const { admin } = deps;
  return async (app) => {
    const requireUser = deps.authenticate.normal();
    const requireAdmin: preHandlerAsyncHookHandler = async (request, reply) => {
      await requireUser.call(app, request, reply);
      if (authOf(request).user.role !== 'admin') throw forbidden('Administrators only');
    };

    app.get(
      '/admin/withdrawals',
      {
        preHandler: requireAdmin,
        schema: {
          querystring: ZWalletTransactionsQuery.omit({ kind: true }),
          response: { 200: successEnvelope(pageOf(ZAdminWithdrawal)) },
        },
      },
      async (request) => ok('Withdrawals fetched successfully', await admin.list(request.query)),
    );

    app.post(
      '/admin/withdrawals/:id/approve',
      {
        preHandler: requireAdmin,
        schema: { params, response: { 200: successEnvelope(ZWalletTransaction) } },
      },
      async (request) =>
        ok('Withdrawal approved', await admin.approve(authOf(request).user.id, request.params.id)),
    );

    app.post(
      '/admin/withdrawals/:id/reject',
      {
        preHandler: requireAdmin,
        schema: {
          params,
          body: ZRejectWithdrawalRequest,
          response: { 200: successEnvelope(ZWalletTransaction) },
        },
      },
      async (request) =>
        ok(
          'Withdrawal rejected',
          await admin.reject(authOf(request).user.id, request.params.id, request.body.reason),
        ),
    );

    app.post(
      '/admin/withdrawals/:id/mark-sent',
      {
        preHandler: requireAdmin,
        schema: { params, body: ZMarkSentRequest, response: { 200: successEnvelope(ZWalletTransaction) } },
      },
      async (request) =>
        ok(
          'Withdrawal marked as sent',
          await admin.markSent(authOf(request).user.id, request.params.id, request.body.txHash),
        ),
    );
  };
}
