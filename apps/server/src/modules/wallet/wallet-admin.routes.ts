// The back-office HTTP routes for withdrawals: the list, approving or rejecting one, and marking
// one sent by hand with its transaction hash. Staff with the withdrawals permission only.
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
import { reviewDecisionRoutes } from '../auth/review-routes';
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

    reviewDecisionRoutes(app, {
      item: '/admin/withdrawals/:id',
      permission: 'withdrawals',
      params,
      rejectBody: ZRejectWithdrawalRequest,
      data: ZWalletTransaction,
      approve: ['Withdrawal approved', (staff, id) => admin.approve(staff.id, id)],
      reject: ['Withdrawal rejected', (staff, id, reason) => admin.reject(staff.id, id, reason)],
    });

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
