import {
  ZForgotPasswordRequest,
  ZGoogleCallbackRequest,
  ZResetPasswordRequest,
  ZSigninRequest,
  ZSignupRequest,
  ZStreamTicketData,
  ZTfaActivateData,
  ZTfaActivateRequest,
  ZTfaDeactivateRequest,
  ZTfaGenerateData,
  ZTfaVerifyRequest,
  ZTokenData,
  ZVerifyEmailLinkQuery,
  ZVerifyEmailRequest,
} from '@td/contracts/auth';
import { successEnvelope } from '@td/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/reply';
import type { AuthService } from './auth.service';
import { type Authenticator, authOf, clientOf, pendingClaimsOf } from './authenticate';
import type { TokenService } from './tokens';
import type { TwoFactorService } from './two-factor.service';

const ZToken = successEnvelope(ZTokenData);
const ZNoData = successEnvelope(z.null());
const CHECK_EMAIL = 'Please check your email for the verification code';

export function authRoutes(deps: {
  auth: AuthService;
  twoFactor: TwoFactorService;
  authenticate: Authenticator;
  tokens: TokenService;
  streamUrl: string;
}): FastifyPluginAsyncZod {
  const { auth, twoFactor, authenticate } = deps;
  return async (app) => {
    app.post(
      '/auth/signup',
      { schema: { body: ZSignupRequest, response: { 201: ZToken } } },
      async (request, reply) => {
        const token = await auth.signup(request.body, clientOf(request));
        return reply.status(201).send(ok('Signup successful', { token }));
      },
    );

    app.post(
      '/auth/signin',
      { schema: { body: ZSigninRequest, response: { 200: ZToken } } },
      async (request) =>
        ok('Login successful', { token: await auth.signin(request.body, clientOf(request)) }),
    );

    app.get(
      '/auth/verify-email',
      { schema: { querystring: ZVerifyEmailLinkQuery, response: { 200: ZToken } } },
      async (request) =>
        ok('Email verified', { token: await auth.verifyEmailLink(request.query.token, clientOf(request)) }),
    );

    app.post(
      '/auth/verify-email',
      {
        preHandler: authenticate.pending('email'),
        schema: { body: ZVerifyEmailRequest, response: { 200: ZToken } },
      },
      async (request) =>
        ok('Email verified', {
          token: await auth.verifyEmailCode(pendingClaimsOf(request), request.body.code, clientOf(request)),
        }),
    );

    app.post(
      '/auth/verify-email/resend',
      { preHandler: authenticate.pending('email'), schema: { response: { 200: ZNoData } } },
      async (request) => {
        await auth.resendVerification(pendingClaimsOf(request));
        return ok('Email sent successfully', null);
      },
    );

    app.post(
      '/auth/forgot-password',
      { schema: { body: ZForgotPasswordRequest, response: { 200: ZNoData } } },
      async (request) => {
        await auth.forgotPassword(request.body.email, clientOf(request));
        return ok(CHECK_EMAIL, null);
      },
    );

    app.post(
      '/auth/reset-password',
      { schema: { body: ZResetPasswordRequest, response: { 200: ZNoData } } },
      async (request) => {
        await auth.resetPassword(request.body, clientOf(request));
        return ok('Password reset successful', null);
      },
    );

    app.post(
      '/auth/2fa/verify',
      {
        preHandler: authenticate.pending('tfa'),
        schema: { body: ZTfaVerifyRequest, response: { 200: ZToken } },
      },
      async (request) =>
        ok('Login successful', {
          token: await auth.verifyTfa(pendingClaimsOf(request), request.body.code, clientOf(request)),
        }),
    );

    app.post(
      '/auth/google/callback',
      { schema: { body: ZGoogleCallbackRequest, response: { 200: ZToken } } },
      async (request) =>
        ok('Login successful', { token: await auth.signinWithGoogle(request.body, clientOf(request)) }),
    );

    app.post(
      '/auth/logout',
      { preHandler: authenticate.normal(), schema: { response: { 200: ZNoData } } },
      async (request) => {
        await auth.logout(authOf(request).claims);
        return ok('Logout successful', null);
      },
    );

    app.get(
      '/auth/wss/signin',
      {
        preHandler: authenticate.normal(),
        schema: { response: { 200: successEnvelope(ZStreamTicketData) } },
      },
      async (request) =>
        ok('Stream ticket issued', {
          payload: { server: deps.streamUrl, status: 'act' as const },
          token: await deps.tokens.signStreamTicket(authOf(request).user.id),
        }),
    );

    app.get(
      '/auth/2fa/generate',
      { preHandler: authenticate.normal(), schema: { response: { 200: successEnvelope(ZTfaGenerateData) } } },
      async (request) =>
        ok('Scan the QR code with your authenticator app', await twoFactor.generate(authOf(request).user)),
    );

    app.post(
      '/auth/2fa/activate',
      {
        preHandler: authenticate.normal(),
        schema: { body: ZTfaActivateRequest, response: { 200: successEnvelope(ZTfaActivateData) } },
      },
      async (request) =>
        ok('Two-factor enabled', {
          recoveryCodes: await twoFactor.activate(authOf(request).user, request.body.code),
        }),
    );

    app.post(
      '/auth/2fa/deactivate',
      {
        preHandler: authenticate.normal(),
        schema: { body: ZTfaDeactivateRequest, response: { 200: ZNoData } },
      },
      async (request) => {
        await twoFactor.deactivate(authOf(request).user, request.body.code);
        return ok('Two-factor disabled', null);
      },
    );
  };
}
