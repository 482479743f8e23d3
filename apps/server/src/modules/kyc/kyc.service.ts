import { formatScaled, parseScaled } from '@td/contracts/decimal';
import {
  DOCUMENT_KIND_LABEL,
  documentKindsOf,
  KYC_REAL_TRADING_TEXT,
  KYC_WITHDRAW_TEXT,
  type TDocumentKind,
  type TDocumentType,
  type TKyc,
  type TKycDetails,
  ZDocumentType,
} from '@td/contracts/kyc';
import type { Database } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/errors';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors';
import { DAY_MS } from '../../platform/time-units';
import type { Executor, Tx } from '../ledger/ledger';
import { processUploadedImage } from '../profile/avatar-image';
import type { SettingsService } from '../settings/settings.service';
import type { DocumentSeal } from './document-seal';
import { createIdentityFacts } from './identity';
import type { KycRepository } from './kyc.repository';
import type { KycProfileRow } from './kyc.schema';
import { dailyWithdrawalCents, kycLevel } from './kyc-rules';

/** A document is kept large enough to read its smallest print, and no larger. */
const DOCUMENT_SIDE_PX = 2000;

/** The images of one submission, sealed for one row and kind: moved elsewhere, they do not open. */
export const documentContext = (submissionId: string, kind: TDocumentKind) => `kyc:${submissionId}:${kind}`;

export const toKycDetails = (row: KycProfileRow): TKycDetails => ({
  legalFirstName: row.legalFirstName,
  legalLastName: row.legalLastName,
  dateOfBirth: row.dateOfBirth,
  country: row.country,
  addressLine: row.addressLine,
  city: row.city,
  postalCode: row.postalCode,
});

const blockedCountryText = 'We cannot offer accounts to residents of this country';

/**
 * Identity verification as the account holder meets it: their level, their details, their
 * documents; and the gates other modules ask (a Real order needs level 1, a withdrawal level 2
 * within the daily limit).
 */
export function createKycService(deps: {
  db: Database;
  repo: KycRepository;
  settings: Pick<SettingsService, 'get'>;
  seal: DocumentSeal;
  /** The wallet's withdrawals held since a moment (USD cents): what the daily limit counts. */
  withdrawnSince: (executor: Executor, userId: string, since: Date) => Promise<bigint>;
}) {
  const { db, repo } = deps;

  const { levelOf } = createIdentityFacts({ repo, settings: deps.settings });

  return {
    levelOf,

    async status(userId: string): Promise<TKyc> {
      const [profile, latest, kyc, withdrawn] = await Promise.all([
        repo.profile(userId),
        repo.latest(userId),
        deps.settings.get('kyc'),
        deps.withdrawnSince(db, userId, new Date(Date.now() - DAY_MS)),
      ]);
      const isApproved = latest?.status === 'approved';
      const level = kycLevel({ country: profile?.country, isApproved }, kyc.blockedCountries);
      const isBlocked = profile !== undefined && kyc.blockedCountries.includes(profile.country);
      return {
        level,
        status: latest?.status ?? 'none',
        reason: latest?.status === 'rejected' ? latest.reason : null,
        details: profile ? toKycDetails(profile) : null,
        detailsProblem: isBlocked ? blockedCountryText : null,
        documentType: latest?.documentType ?? null,
        submittedAt: latest?.createdAt.toISOString() ?? null,
        limits: {
          withdrawalDaily: formatScaled(
            dailyWithdrawalCents(level, parseScaled(kyc.level2DailyWithdrawal, 2)),
            2,
          ),
          withdrawnToday: formatScaled(withdrawn, 2),
        },
      };
    },

    /** Level 1: the details, checked (an adult, an allowed country); fixed once documents are sent. */
    async saveDetails(userId: string, details: TKycDetails) {
      const kyc = await deps.settings.get('kyc');
      if (kyc.blockedCountries.includes(details.country))
        throw badRequest(blockedCountryText, [{ field: 'body.country', message: blockedCountryText }]);
      if (await repo.hasOpen(userId))
        throw conflict(
          'Your details are being verified with your documents: write to support to change them',
        );
      await repo.saveProfile({ userId, ...details });
    },

    /**
     * Level 2's documents: each image checked and re-encoded as profile pictures are, then sealed
     * and stored for an administrator's review. A rejected submission before it is replaced, with
     * its documents.
     */
    async submit(
      userId: string,
      form: { documentType?: string; images: Partial<Record<TDocumentKind, Buffer>> },
    ) {
      if ((await levelOf(userId)) < 1)
        throw forbidden('Complete your personal details before sending documents');
      const type = ZDocumentType.safeParse(form.documentType);
      if (!type.success) {
        const message = 'Choose passport, ID card or driving licence';
        throw badRequest(message, [{ field: 'body.documentType', message }]);
      }
      const documentType: TDocumentType = type.data;
      const kinds = documentKindsOf(documentType);
      for (const kind of kinds) {
        if (!form.images[kind]) {
          const message = `Add the ${DOCUMENT_KIND_LABEL[kind].toLowerCase()} image`;
          throw badRequest(message, [{ field: `body.${kind}`, message }]);
        }
      }
      if (await repo.hasOpen(userId)) throw alreadyOpen();
      const images = new Map<TDocumentKind, Buffer>();
      for (const kind of kinds) {
        const upload = form.images[kind] as Buffer;
        try {
          images.set(kind, await processUploadedImage(upload, { fit: 'inside', sidePx: DOCUMENT_SIDE_PX }));
        } catch (error) {
          if (error instanceof AppError)
            throw new AppError(error.code, `${DOCUMENT_KIND_LABEL[kind]}: ${error.message}`, [
              { field: `body.${kind}`, message: error.message },
            ]);
          throw error;
        }
      }
      try {
        const row = await db.transaction((tx) =>
          repo.submit(tx, { userId, documentType }, (id) =>
            kinds.map((kind) => ({
              kind,
              sealed: deps.seal.seal(images.get(kind) as Buffer, documentContext(id, kind)),
            })),
          ),
        );
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyOpen();
        throw error;
      }
    },

    /**
     * A Real order needs level 1: the details row and the blocked countries (cached) answer it; the
     * documents are not asked about on the order's path.
     */
    async requireRealTrading(userId: string): Promise<void> {
      const [profile, kyc] = await Promise.all([repo.profile(userId), deps.settings.get('kyc')]);
      if (kycLevel({ country: profile?.country, isApproved: false }, kyc.blockedCountries) < 1)
        throw forbidden(KYC_REAL_TRADING_TEXT);
    },

    /** A withdrawal is asked for: level 2. */
    async requireWithdrawal(userId: string): Promise<void> {
      if ((await levelOf(userId)) < 2) throw forbidden(KYC_WITHDRAW_TEXT);
    },

    /**
     * Inside the transaction that holds a withdrawal: the level and the daily limit, counted on the
     * account's details row as locked, so two withdrawals at once cannot both fit in what is left.
     */
    async checkWithdrawal(tx: Tx, userId: string, amountCents: bigint): Promise<void> {
      const profile = await repo.lockProfile(tx, userId);
      const [isApproved, kyc] = await Promise.all([
        repo.isApproved(userId, tx),
        deps.settings.get('kyc', tx),
      ]);
      const level = kycLevel({ country: profile?.country, isApproved }, kyc.blockedCountries);
      if (level < 2) throw forbidden(KYC_WITHDRAW_TEXT);
      const limit = dailyWithdrawalCents(level, parseScaled(kyc.level2DailyWithdrawal, 2));
      const withdrawn = await deps.withdrawnSince(tx, userId, new Date(Date.now() - DAY_MS));
      if (withdrawn + amountCents > limit) {
        const left = limit > withdrawn ? limit - withdrawn : 0n;
        const message = `This passes your daily withdrawal limit of ${formatScaled(limit, 2)} USD: ${formatScaled(left, 2)} USD left for the next 24 hours`;
        throw badRequest(message, [{ field: 'body.amount', message }]);
      }
    },

    /** The account is deleted: its details and documents go with it. */
    erase: (userId: string) => repo.erase(userId),
  };
}
export type KycService = ReturnType<typeof createKycService>;

const alreadyOpen = () => conflict('Your documents are already under review or approved');
