import { ZKycRejectRequest } from '@td/contracts/kyc';
import { type FormEvent, type MouseEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useParams } from 'react-router';
import { Badge } from '../../../components/badge';
import { Button, ButtonLink } from '../../../components/button';
import { Card } from '../../../components/card';
import { LoadError } from '../../../components/empty-state';
import { IconArrowLeft } from '../../../components/icons';
import { Skeleton } from '../../../components/skeleton';
import { TextField } from '../../../components/text-field';
import { countryName } from '../../../lib/countries';
import { zodFieldErrors } from '../../../lib/form-errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { documentKindText, documentTypeText, kycStatusText } from '../../../lib/labels';
import { PATHS } from '../../../lib/paths';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { approveKyc, rejectKyc, useAdminKycMutation, useAdminKycSubmission } from '../api/admin-kyc';
import styles from './admin.module.css';
import { KYC_STATUS_TONE } from './admin-kyc-screen';
import { toastOutcome } from './inline-form';
import { KycDocumentViewer, type TKycDocument } from './kyc-document-viewer';
import reviewStyles from './kyc-review.module.css';

/**
 * One identity submission under review: the person's details beside their documents (opened by
 * short-lived signed links, at full size in a viewer), and the decision: approve, or reject with a
 * reason the user reads.
 */
export function AdminKycSubmissionScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useAdminKycSubmission(id);
  const approve = useAdminKycMutation(approveKyc);
  const reject = useAdminKycMutation(rejectKyc);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [viewed, setViewed] = useState<TKycDocument>();
  const submission = query.data;

  const onReject = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZKycRejectRequest.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(zodFieldErrors<'reason'>(parsed.error).reason);
      return;
    }
    try {
      toast.success((await reject.mutateAsync({ id, reason: parsed.data.reason })).message);
      setReason('');
    } catch (error) {
      setReasonError(serverFieldErrors<'reason'>(error).reason);
    }
  };

  return (
    <div className={styles.stack}>
      <div className={styles.rowBetween}>
        <ButtonLink to={PATHS.admin.kyc} variant="ghost" icon={<IconArrowLeft size={16} />}>
          {t('admin.queue')}
        </ButtonLink>
      </div>
      {query.isError ? (
        <Card>
          <LoadError title={t('admin.kyc.submissionLoadError')} onRetry={() => void query.refetch()} />
        </Card>
      ) : !submission ? (
        <Skeleton height={420} />
      ) : (
        <div className={reviewStyles.kycReview}>
          <Card
            title={t('admin.kyc.details')}
            actions={
              <Badge tone={KYC_STATUS_TONE[submission.status]}>{kycStatusText(submission.status)}</Badge>
            }
          >
            <dl className={styles.facts}>
              <dt>{t('admin.kyc.account')}</dt>
              <dd>{submission.email}</dd>
              <dt>{t('admin.kyc.legalName')}</dt>
              <dd>
                {submission.details
                  ? `${submission.details.legalFirstName} ${submission.details.legalLastName}`
                  : '—'}
              </dd>
              <dt>{t('admin.kyc.dateOfBirth')}</dt>
              <dd className="tabular">
                {submission.details ? formatDate(`${submission.details.dateOfBirth}T00:00:00Z`) : '—'}
              </dd>
              <dt>{t('admin.kyc.country')}</dt>
              <dd>
                {submission.details
                  ? (countryName(submission.details.country) ?? submission.details.country)
                  : '—'}
              </dd>
              <dt>{t('admin.kyc.address')}</dt>
              <dd>
                {submission.details
                  ? `${submission.details.addressLine}, ${submission.details.postalCode} ${submission.details.city}`
                  : '—'}
              </dd>
              <dt>{t('admin.kyc.document')}</dt>
              <dd>{documentTypeText(submission.documentType)}</dd>
              <dt>{t('admin.kyc.sent')}</dt>
              <dd className="tabular">{formatDateTime(submission.createdAt)}</dd>
              {submission.decidedAt ? (
                <>
                  <dt>{t('admin.kyc.decided')}</dt>
                  <dd className="tabular">{formatDateTime(submission.decidedAt)}</dd>
                </>
              ) : null}
              {submission.reason ? (
                <>
                  <dt>{t('admin.reason')}</dt>
                  <dd>{submission.reason}</dd>
                </>
              ) : null}
            </dl>
            {submission.status === 'pending' ? (
              <div className={reviewStyles.kycDecision}>
                <Button
                  variant="primary"
                  isLoading={approve.isPending}
                  onClick={() => void toastOutcome(approve.mutateAsync(id))}
                >
                  {t('admin.approve')}
                </Button>
                <form className={styles.inlineForm} onSubmit={(event) => void onReject(event)} noValidate>
                  <TextField
                    label={t('admin.kyc.rejectReason')}
                    name="reason"
                    value={reason}
                    error={reasonError}
                    autoComplete="off"
                    className={reviewStyles.kycReason}
                    onChange={(event) => {
                      setReason(event.target.value);
                      setReasonError(undefined);
                    }}
                  />
                  <Button type="submit" variant="danger" isLoading={reject.isPending}>
                    {t('admin.reject')}
                  </Button>
                </form>
              </div>
            ) : null}
          </Card>
          <Card title={t('admin.kyc.documents')}>
            {submission.documents.length === 0 ? (
              <p className={styles.emptyRow}>{t('admin.kyc.documentsDeleted')}</p>
            ) : (
              <div className={reviewStyles.kycDocuments}>
                {submission.documents.map((document) => (
                  <figure key={document.kind} className={reviewStyles.kycDocument}>
                    {/* A click opens the viewer; the link itself still opens in a new tab. */}
                    <a
                      href={document.url}
                      target="_blank"
                      rel="noreferrer"
                      aria-haspopup="dialog"
                      onClick={(event) => {
                        if (isPlainClick(event)) {
                          event.preventDefault();
                          setViewed(document);
                        }
                      }}
                    >
                      <img src={document.url} alt={t(`admin.kyc.documentAlt.${document.kind}`)} />
                    </a>
                    <figcaption>{documentKindText(document.kind)}</figcaption>
                  </figure>
                ))}
              </div>
            )}
          </Card>
          <KycDocumentViewer document={viewed} onClose={() => setViewed(undefined)} />
        </div>
      )}
    </div>
  );
}

/** A click that means "here" (not a new tab or window: another button, or a modifier key held). */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
