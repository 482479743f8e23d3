import { pageOf } from '@td/contracts/envelope';
import {
  ZAdminWithdrawal,
  ZMarkSentRequest,
  ZRejectWithdrawalRequest,
  ZWalletTransaction,
  ZWalletTransactionsQuery,
} from '@td/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { adminAnswer } from '../../platform/http/route-options';
import { authOf } from '../auth/authenticate';
import type { WalletAdmin } from './wallet-admin.service';

const params = z.object({ id: z.uuid('Not a withdrawal id') });

/** Administrators' side of withdrawals: review, approve, reject, and mark sent by hand. */
export function walletAdminRoutes(deps: { admin: WalletAdmin }): FastifyPluginAsyncZod {
  const { admin } = deps;
  return async (app) => {
    app.get(
      '/admin/withdrawals',
      adminAnswer(
        'withdrawals',
        { querystring: z.omit(ZWalletTransactionsQuery, { kind: true }), data: pageOf(ZAdminWithdrawal) },
        'Withdrawals fetched successfully',
        (request) => admin.list(request.query),
      ),
    );

    app.post(
      '/admin/withdrawals/:id/approve',
      adminAnswer('withdrawals', { params, data: ZWalletTransaction }, 'Withdrawal approved', (request) =>
        admin.approve(authOf(request).user.id, request.params.id),
      ),
    );

    app.post(
      '/admin/withdrawals/:id/reject',
      adminAnswer(
        'withdrawals',
        { params, body: ZRejectWithdrawalRequest, data: ZWalletTransaction },
        'Withdrawal rejected',
        (request) => admin.reject(authOf(request).user.id, request.params.id, request.body.reason),
      ),
    );

    app.post(
      '/admin/withdrawals/:id/mark-sent',
      adminAnswer(
        'withdrawals',
        { params, body: ZMarkSentRequest, data: ZWalletTransaction },
        'Withdrawal marked as sent',
        (request) => admin.markSent(authOf(request).user.id, request.params.id, request.body.txHash),
      ),
    );
  };
}
