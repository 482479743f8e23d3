import { pageOf, successEnvelope } from '@td/contracts/envelope';
import {
  ZAdminWithdrawal,
  ZMarkSentRequest,
  ZRejectWithdrawalRequest,
  ZWalletTransaction,
  ZWalletTransactionsQuery,
} from '@td/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ok } from '../../platform/http/reply';
import { adminRoute } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import type { WalletAdmin } from './wallet-admin.service';

const params = z.object({ id: z.uuid('Not a withdrawal id') });

/** Administrators' side of withdrawals: review, approve, reject, and mark sent by hand. */
export function walletAdminRoutes(deps: { admin: WalletAdmin }): FastifyPluginAsyncZod {
  const { admin } = deps;
  return async (app) => {
    app.get(
      '/admin/withdrawals',
      adminRoute('withdrawals', {
        querystring: z.omit(ZWalletTransactionsQuery, { kind: true }),
        response: { 200: successEnvelope(pageOf(ZAdminWithdrawal)) },
      }),
      async (request) => ok('Withdrawals fetched successfully', await admin.list(request.query)),
    );

    app.post(
      '/admin/withdrawals/:id/approve',
      adminRoute('withdrawals', { params, response: { 200: successEnvelope(ZWalletTransaction) } }),
      async (request) =>
        ok('Withdrawal approved', await admin.approve(authOf(request).user.id, request.params.id)),
    );

    app.post(
      '/admin/withdrawals/:id/reject',
      adminRoute('withdrawals', {
        params,
        body: ZRejectWithdrawalRequest,
        response: { 200: successEnvelope(ZWalletTransaction) },
      }),
      async (request) =>
        ok(
          'Withdrawal rejected',
          await admin.reject(authOf(request).user.id, request.params.id, request.body.reason),
        ),
    );

    app.post(
      '/admin/withdrawals/:id/mark-sent',
      adminRoute('withdrawals', {
        params,
        body: ZMarkSentRequest,
        response: { 200: successEnvelope(ZWalletTransaction) },
      }),
      async (request) =>
        ok(
          'Withdrawal marked as sent',
          await admin.markSent(authOf(request).user.id, request.params.id, request.body.txHash),
        ),
    );
  };
}
