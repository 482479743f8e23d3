import {
  DOCUMENT_KIND_LABEL,
  DOCUMENT_TYPE_LABEL,
  KYC_STATUS_LABEL,
  ZKycRejectRequest,
} from '@td/contracts/kyc';
import { type FormEvent, useState } from 'react';
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
import { serverFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { approveKyc, rejectKyc, useAdminKycMutation, useAdminKycSubmission } from '../api/admin-kyc';
import styles from './admin.module.css';
import { KYC_STATUS_TONE } from './admin-kyc-screen';

/**
 * One identity submission under review: the person's details beside their documents (opened by
 * short-lived signed links), and the decision: approve, or reject with a reason the user reads.
 */
export function AdminKycSubmissionScreen() {
  const { id = '' } = useParams();
  const query = useAdminKycSubmission(id);
  const approve = useAdminKycMutation(approveKyc);
  const reject = useAdminKycMutation(rejectKyc);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
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
          Queue
        </ButtonLink>
      </div>
      {query.isError ? (
        <Card>
          <LoadError title="The submission could not load" onRetry={() => void query.refetch()} />
        </Card>
      ) : !submission ? (
        <Skeleton height={420} />
      ) : (
        <div className={styles.kycReview}>
          <Card
            title="Details"
            actions={
              <Badge tone={KYC_STATUS_TONE[submission.status]}>{KYC_STATUS_LABEL[submission.status]}</Badge>
            }
          >
            <dl className={styles.facts}>
              <dt>Account</dt>
              <dd>{submission.email}</dd>
              <dt>Legal name</dt>
              <dd>
                {submission.details
                  ? `${submission.details.legalFirstName} ${submission.details.legalLastName}`
                  : '—'}
              </dd>
              <dt>Date of birth</dt>
              <dd className="tabular">
                {submission.details ? formatDate(`${submission.details.dateOfBirth}T00:00:00Z`) : '—'}
              </dd>
              <dt>Country</dt>
              <dd>
                {submission.details
                  ? (countryName(submission.details.country) ?? submission.details.country)
                  : '—'}
              </dd>
              <dt>Address</dt>
              <dd>
                {submission.details
                  ? `${submission.details.addressLine}, ${submission.details.postalCode} ${submission.details.city}`
                  : '—'}
              </dd>
              <dt>Document</dt>
              <dd>{DOCUMENT_TYPE_LABEL[submission.documentType]}</dd>
              <dt>Sent</dt>
              <dd className="tabular">{formatDateTime(submission.createdAt)}</dd>
              {submission.decidedAt ? (
                <>
                  <dt>Decided</dt>
                  <dd className="tabular">{formatDateTime(submission.decidedAt)}</dd>
                </>
              ) : null}
              {submission.reason ? (
                <>
                  <dt>Reason</dt>
                  <dd>{submission.reason}</dd>
                </>
              ) : null}
            </dl>
            {submission.status === 'pending' ? (
              <div className={styles.kycDecision}>
                <Button
                  variant="primary"
                  isLoading={approve.isPending}
                  onClick={() =>
                    void approve.mutateAsync(id).then(
                      (result) => toast.success(result.message),
                      () => undefined,
                    )
                  }
                >
                  Approve
                </Button>
                <form className={styles.inlineForm} onSubmit={(event) => void onReject(event)} noValidate>
                  <TextField
                    label="Reason for rejecting"
                    name="reason"
                    value={reason}
                    error={reasonError}
                    autoComplete="off"
                    className={styles.kycReason}
                    onChange={(event) => {
                      setReason(event.target.value);
                      setReasonError(undefined);
                    }}
                  />
                  <Button type="submit" variant="danger" isLoading={reject.isPending}>
                    Reject
                  </Button>
                </form>
              </div>
            ) : null}
          </Card>
          <Card title="Documents">
            {submission.documents.length === 0 ? (
              <p className={styles.emptyRow}>The documents were deleted with the account.</p>
            ) : (
              <div className={styles.kycDocuments}>
                {submission.documents.map((document) => (
                  <figure key={document.kind} className={styles.kycDocument}>
                    <a href={document.url} target="_blank" rel="noreferrer">
                      <img src={document.url} alt={`${DOCUMENT_KIND_LABEL[document.kind]} of the document`} />
                    </a>
                    <figcaption>{DOCUMENT_KIND_LABEL[document.kind]}</figcaption>
                  </figure>
                ))}
              </div>
            )}
          </Card>
        </div>
      )}
    </div>
  );
}
