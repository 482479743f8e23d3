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
import { userRoute } from '../../platform/http/route-options';
import { authOf, clientOf } from '../auth/authenticate';
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
      userRoute({ response: { 200: successEnvelope(z.array(ZCoinInfo)) } }),
      async () => ok('Coins fetched successfully', await wallet.coins()),
    );

    app.post(
      '/wallet/address',
      userRoute({ body: ZWalletAddressRequest, response: { 200: successEnvelope(ZWalletAddress) } }),
      async (request) =>
        ok(
          'Wallet address generated successfully',
          await wallet.address(authOf(request).user.id, request.body.coin, request.body.network),
        ),
    );

    app.get(
      '/wallet/transactions',
      userRoute({
        querystring: ZWalletTransactionsQuery,
        response: { 200: successEnvelope(pageOf(ZWalletTransaction)) },
      }),
      async (request) =>
        ok(
          'Transactions fetched successfully',
          await wallet.transactions(authOf(request).user.id, request.query),
        ),
    );

    app.get(
      '/wallet/address-book',
      userRoute({ response: { 200: successEnvelope(z.array(ZAddressBookEntry)) } }),
      async (request) =>
        ok('Addresses fetched successfully', await wallet.addressBook(authOf(request).user.id)),
    );

    app.post(
      '/wallet/withdrawals',
      userRoute({ body: ZWithdrawRequest, response: { 201: successEnvelope(ZWithdrawalQuote) } }),
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok('Review the withdrawal', await wallet.createWithdrawal(authOf(request).user, request.body)),
          ),
    );

    app.post(
      '/wallet/withdrawals/:id/request-code',
      userRoute({ params, response: { 200: successEnvelope(z.null()) } }),
      async (request) => {
        await wallet.requestCode(authOf(request).user, request.params.id);
        return ok('Please check your email for the verification code', null);
      },
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
      userRoute({ params, response: { 200: successEnvelope(ZWalletTransaction) } }),
      async (request) =>
        ok('Withdrawal cancelled', await wallet.cancel(authOf(request).user.id, request.params.id)),
    );
  };
}
