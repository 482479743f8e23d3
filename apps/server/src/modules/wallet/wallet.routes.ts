// HTTP routes of a signed-in user's crypto wallet: supported coins, a deposit address, the
// transaction history, past withdrawal addresses, and a withdrawal's steps (quote, e-mailed code,
// confirm, cancel).
import { pageOf, successEnvelope } from '@td/contracts/envelope';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import {
  ZCoinInfo,
  ZConfirmWithdrawalRequest,
  ZWalletAddress,
  ZWalletAddressRequest,
  ZWalletTransaction,
  ZWalletTransactionsQuery,
  ZWithdrawalQuote,
  ZWithdrawRequest,
} from '@td/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import { userAnswer, userCreated, userRoute } from '../../platform/http/route-options';
import { authOf, clientOf } from '../auth/authenticate';
import { listOwnRoute } from '../auth/own-routes';
import type { WalletService } from './wallet.service';

const params = z.object({ id: z.uuid('Not a withdrawal id') });
const ZAddressBookEntry = z.object({
  address: z.string(),
  network: z.string(),
  coin: z.string(),
  lastUsed: z.string(),
});

export function walletRoutes(deps: { wallet: WalletService }): FastifyPluginAsyncZod {
  const { wallet } = deps;
  return async (app) => {
    app.get(
      '/wallet/coins',
      userAnswer({ data: z.array(ZCoinInfo) }, 'Coins fetched successfully', () => wallet.coins()),
    );

    app.post(
      '/wallet/address',
      userAnswer(
        { body: ZWalletAddressRequest, data: ZWalletAddress },
        'Wallet address generated successfully',
        (request) => wallet.address(authOf(request).user.id, request.body.coin, request.body.network),
      ),
    );

    app.get(
      '/wallet/transactions',
      userAnswer(
        { querystring: ZWalletTransactionsQuery, data: pageOf(ZWalletTransaction) },
        'Transactions fetched successfully',
        (request) => wallet.transactions(authOf(request).user.id, request.query),
      ),
    );

    app.get(
      '/wallet/address-book',
      listOwnRoute(ZAddressBookEntry, 'Addresses fetched successfully', (userId) =>
        wallet.addressBook(userId),
      ),
    );

    app.post(
      '/wallet/withdrawals',
      userCreated({ body: ZWithdrawRequest, data: ZWithdrawalQuote }, 'Review the withdrawal', (request) =>
        wallet.createWithdrawal(authOf(request).user, request.body),
      ),
    );

    app.post(
      '/wallet/withdrawals/:id/request-code',
      userAnswer(
        { params, data: z.null() },
        'Please check your email for the verification code',
        async (request) => {
          await wallet.requestCode(authOf(request).user, request.params.id);
          return null;
        },
      ),
    );

    app.post(
      '/wallet/withdrawals/:id/confirm',
      userRoute({
        params,
        body: ZConfirmWithdrawalRequest,
        response: { 200: successEnvelope(ZWalletTransaction) },
      }),
      async (request) => {
        const row = await wallet.confirm(
          authOf(request).user,
          request.params.id,
          request.body,
          clientOf(request),
        );
        return ok(
          row.status === PAYMENT_CODE.underReview
            ? 'Withdrawal submitted: it is under review'
            : 'Withdrawal submitted successfully',
          row,
        );
      },
    );

    app.post(
      '/wallet/withdrawals/:id/cancel',
      userAnswer({ params, data: ZWalletTransaction }, 'Withdrawal cancelled', (request) =>
        wallet.cancel(authOf(request).user.id, request.params.id),
      ),
    );
  };
}
