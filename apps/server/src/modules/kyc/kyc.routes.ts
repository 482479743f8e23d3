import multipart from '@fastify/multipart';
import { pageOf, successEnvelope } from '@td/contracts/envelope';
import {
  DOCUMENT_KINDS,
  dateOfBirthProblem,
  ZDocumentKind,
  ZKyc,
  ZKycDetailsRequest,
  ZKycRejectRequest,
  ZKycSubmission,
  ZKycSubmissionDetail,
  ZKycSubmissionsQuery,
} from '@td/contracts/kyc';
import { AVATAR_BYTES_MAX } from '@td/contracts/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/errors';
import { ok } from '../../platform/http/reply';
import { adminAnswer, userRoute, ZIdParams } from '../../platform/http/route-options';
import { ZSignedLinkQuery } from '../../platform/http/signed-url';
import { limitImageUploads, uploadedForm } from '../../platform/http/upload';
import type { RateLimiter } from '../../platform/rate-limit';
import { authOf } from '../auth/authenticate';
import { reviewDecisionRoutes } from '../auth/review-routes';
import type { KycService } from './kyc.service';
import { KYC_DOCUMENT_URL_PREFIX, type KycAdmin } from './kyc-admin.service';

/**
 * Identity verification: the account holder's level, details and documents (`/kyc`), and the
 * back-office's review queue (`/admin/kyc`, administrators only). Documents go in once and come out
 * only to administrators, by short-lived signed links.
 */
export function kycRoutes(deps: {
  kyc: KycService;
  admin: KycAdmin;
  limiter: RateLimiter;
}): FastifyPluginAsyncZod {
  const { kyc, admin } = deps;
  return async (app) => {
    // Three images and the document type; each image a little over the limit so that "too large"
    // is told apart from "truncated".
    await app.register(multipart, {
      limits: { fileSize: AVATAR_BYTES_MAX + 1, files: DOCUMENT_KINDS.length, fields: 2, parts: 5 },
    });

    app.get('/kyc', userRoute({ response: { 200: successEnvelope(ZKyc) } }), async (request) =>
      ok('Verification fetched', await kyc.status(authOf(request).user.id)),
    );

    app.put(
      '/kyc/details',
      userRoute({ body: ZKycDetailsRequest, response: { 200: successEnvelope(ZKyc) } }),
      async (request) => {
        const { id } = authOf(request).user;
        // The age is counted on the day the details are sent, not by the schema.
        const problem = dateOfBirthProblem(request.body.dateOfBirth, new Date());
        if (problem) throw badRequest(problem, [{ field: 'body.dateOfBirth', message: problem }]);
        await kyc.saveDetails(id, request.body);
        return ok('Personal details saved', await kyc.status(id));
      },
    );

    app.post('/kyc', userRoute({ response: { 201: successEnvelope(ZKyc) } }), async (request, reply) => {
      const { id } = authOf(request).user;
      await limitImageUploads(deps.limiter, id);
      const form = await uploadedForm(request, {
        files: DOCUMENT_KINDS,
        fields: ['documentType'],
        bytesMax: AVATAR_BYTES_MAX,
      });
      await kyc.submit(id, { documentType: form.fields.documentType, images: form.files });
      return reply.status(201).send(ok('Documents sent for review', await kyc.status(id)));
    });

    app.get(
      '/admin/kyc',
      adminAnswer(
        'kyc',
        { querystring: ZKycSubmissionsQuery, data: pageOf(ZKycSubmission) },
        'Submissions fetched',
        (request) => admin.list(request.query),
      ),
    );

    app.get(
      '/admin/kyc/:id',
      adminAnswer('kyc', { params: ZIdParams, data: ZKycSubmissionDetail }, 'Submission fetched', (request) =>
        admin.get(request.params.id),
      ),
    );

    // Opened by an `<img>` in the back-office (no token), only by the signed link the submission
    // gave, for a few minutes; never cached.
    app.get(
      `${KYC_DOCUMENT_URL_PREFIX}:id/documents/:kind`,
      {
        config: { access: 'signed' },
        schema: { params: z.object({ id: z.uuid(), kind: ZDocumentKind }), querystring: ZSignedLinkQuery },
      },
      async (request, reply) => {
        const image = await admin.document(request.params.id, request.params.kind);
        return reply
          .type('image/webp')
          .header('cache-control', 'private, no-store')
          .header('content-length', image.length)
          .send(image);
      },
    );

    reviewDecisionRoutes(app, {
      item: '/admin/kyc/:id',
      permission: 'kyc',
      params: ZIdParams,
      rejectBody: ZKycRejectRequest,
      data: ZKycSubmission,
      approve: ['Identity approved', (staff, id) => admin.approve(staff, id)],
      reject: ['Identity rejected', (staff, id, reason) => admin.reject(staff, id, reason)],
    });
  };
}
