import type { TLanguageCode } from '@td/contracts/auth';
import {
  DOCUMENT_KINDS,
  type TDocumentKind,
  type TKycSubmission,
  type TKycSubmissionDetail,
  type ZKycSubmissionsQuery,
} from '@td/contracts/kyc';
import type { z } from 'zod';
import { conflict, notFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { AuditActor, AuditLog } from '../admin/audit';
import type { Notify } from '../notifications/notifications.service';
import type { DocumentSeal } from './document-seal';
import type { KycRepository } from './kyc.repository';
import type { KycSubmissionRow } from './kyc.schema';
import { documentContext, toKycDetails } from './kyc.service';

/** The mails of an identity decision, in each language the product speaks. */
const KYC_WORDS = {
  en: {
    approved: {
      subject: 'Your identity is verified',
      paragraphs: [
        'Your identity documents were approved. Withdrawals from your real account are now open to you.',
      ],
    },
    rejected: (reason: string) => ({
      subject: 'Your identity documents were not accepted',
      paragraphs: [
        `Your identity documents were not accepted: ${reason}.`,
        'Open Verification under Account to send new ones.',
      ],
    }),
  },
  es: {
    approved: {
      subject: 'Tu identidad está verificada',
      paragraphs: ['Hemos aprobado tus documentos de identidad. Ya puedes retirar fondos de tu cuenta real.'],
    },
    rejected: (reason: string) => ({
      subject: 'No hemos aceptado tus documentos de identidad',
      paragraphs: [
        `No hemos aceptado tus documentos de identidad: ${reason}.`,
        'Abre Verificación en Cuenta para enviar otros nuevos.',
      ],
    }),
  },
  ru: {
    approved: {
      subject: 'Ваша личность подтверждена',
      paragraphs: ['Ваши документы одобрены. Теперь вы можете выводить средства с реального счёта.'],
    },
    rejected: (reason: string) => ({
      subject: 'Ваши документы не приняты',
      paragraphs: [
        `Ваши документы не приняты: ${reason}.`,
        'Откройте «Верификацию» в меню аккаунта и отправьте новые.',
      ],
    }),
  },
} satisfies Record<TLanguageCode, unknown>;

export const KYC_DOCUMENT_URL_PREFIX = '/admin/kyc/';

const toSubmissionDto = (row: KycSubmissionRow, email: string): TKycSubmission => ({
  id: row.id,
  userId: row.userId,
  email,
  documentType: row.documentType,
  status: row.status,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** What the audit log keeps of a decision: never the person's details or documents. */
const auditSubmission = (row: KycSubmissionRow) => ({
  userId: row.userId,
  documentType: row.documentType,
  status: row.status,
  reason: row.reason,
});

/**
 * The back-office's identity reviews: the queue, one submission with its documents (opened only
 * through short-lived signed links), and the decision, audited and told to the user.
 */
export function createKycAdmin(deps: {
  repo: KycRepository;
  seal: DocumentSeal;
  audit: AuditLog;
  notify: Notify;
  logger: Logger;
  /** A link to a document that opens for a few minutes without a login (an `<img>` sends none). */
  signUrl: (path: string) => string;
}) {
  const { repo } = deps;
  const submission = async (id: string) => {
    const row = await repo.find(id);
    if (!row) throw notFound('Submission not found');
    return row;
  };

  const decide = async (
    actor: AuditActor,
    id: string,
    decision: { status: 'approved' | 'rejected'; reason: string | null },
  ) => {
    const before = await submission(id);
    const after = await repo.decide(id, { ...decision, reviewedBy: actor.id });
    if (!after) throw conflict('Only a submission under review can be approved or rejected');
    await deps.audit.record(actor, {
      action: decision.status === 'approved' ? 'kyc.approve' : 'kyc.reject',
      targetType: 'kyc',
      targetId: id,
      before: auditSubmission(before),
      after: auditSubmission(after),
    });
    const approved = decision.status === 'approved';
    const message = approved
      ? 'Identity verified: you can now withdraw from your real account'
      : `Identity verification rejected: ${decision.reason}. Send new documents from Verification`;
    await deps.notify(
      after.userId,
      approved ? 'kyc_approved' : 'kyc_rejected',
      { message, submissionId: id, status: after.status, reason: after.reason },
      {
        email: (language) =>
          approved ? KYC_WORDS[language].approved : KYC_WORDS[language].rejected(decision.reason ?? ''),
      },
    );
    deps.logger.info({ submission: id, status: after.status }, 'identity submission decided');
    return toSubmissionDto(after, (await repo.emailOf(after.userId)) ?? '');
  };

  return {
    async list(query: z.output<typeof ZKycSubmissionsQuery>) {
      const { rows, total } = await repo.list({ status: query.status }, query.page, query.limit);
      return {
        items: rows.map((row) => toSubmissionDto(row.submission, row.email)),
        page: query.page,
        limit: query.limit,
        total,
      };
    },

    async get(id: string): Promise<TKycSubmissionDetail> {
      const row = await submission(id);
      const [profile, kinds, email] = await Promise.all([
        repo.profile(row.userId),
        repo.documentKinds(id),
        repo.emailOf(row.userId),
      ]);
      return {
        ...toSubmissionDto(row, email ?? ''),
        details: profile ? toKycDetails(profile) : null,
        documents: DOCUMENT_KINDS.filter((kind) => kinds.includes(kind)).map((kind) => ({
          kind,
          url: deps.signUrl(`${KYC_DOCUMENT_URL_PREFIX}${id}/documents/${kind}`),
        })),
      };
    },

    /** A document opened for a signed link; a missing one (deleted with its account) is a 404. */
    async document(id: string, kind: TDocumentKind): Promise<Buffer> {
      const sealed = await repo.document(id, kind);
      if (!sealed) throw notFound('Document not found');
      return deps.seal.open(sealed, documentContext(id, kind));
    },

    approve: (actor: AuditActor, id: string) => decide(actor, id, { status: 'approved', reason: null }),
    reject: (actor: AuditActor, id: string, reason: string) =>
      decide(actor, id, { status: 'rejected', reason }),
  };
}
export type KycAdmin = ReturnType<typeof createKycAdmin>;
