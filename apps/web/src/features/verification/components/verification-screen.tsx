import { DOCUMENT_TYPE_PHRASE, KYC_STATUS_LABEL, type TKyc, type TKycLevel } from '@td/contracts/kyc';
import type { TTone } from '@td/contracts/statuses';
import { Badge } from '../../../components/badge';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { LoadError } from '../../../components/empty-state';
import { IconCheckCircle, IconLock } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useKyc } from '../../../domain/identity/get-kyc';
import { countryName } from '../../../lib/countries';
import { formatDate, formatMoney } from '../../../lib/format';
import { KycDetailsForm } from './kyc-details-form';
import { KycDocumentsForm } from './kyc-documents-form';
import styles from './verification.module.css';

const LEVELS: readonly { level: TKycLevel; title: string; unlocks: string }[] = [
  { level: 0, title: 'Verified e-mail', unlocks: 'Demo trading and deposits' },
  { level: 1, title: 'Personal details', unlocks: 'Trading on your real account' },
  { level: 2, title: 'Identity documents', unlocks: 'Withdrawals' },
];

const usd = (value: string) => `${formatMoney(value, 2)} USD`;

const STATUS_TONE: Record<TKyc['status'], TTone> = {
  none: 'neutral',
  pending: 'info',
  approved: 'positive',
  rejected: 'negative',
};

/** The three levels, each with what it opens and whether the account has it. */
function Levels({ kyc }: { kyc: TKyc }) {
  return (
    <Card title="Your level" className={styles.levels}>
      <ol className={styles.levelList}>
        {LEVELS.map((step) => {
          const isDone = kyc.level >= step.level;
          return (
            <li key={step.level} className={styles.level} data-done={isDone}>
              <span className={styles.levelIcon} aria-hidden="true">
                {isDone ? <IconCheckCircle size={18} /> : <IconLock size={18} />}
              </span>
              <span className={styles.levelText}>
                <span className={styles.levelTitle}>
                  Level {step.level} · {step.title}
                </span>
                <span className={styles.levelDetail}>
                  {step.level === 2 && kyc.level === 2
                    ? `Withdrawals up to ${usd(kyc.limits.withdrawalDaily)} a day`
                    : step.unlocks}
                </span>
              </span>
              <span className="visually-hidden">{isDone ? 'done' : 'not yet'}</span>
            </li>
          );
        })}
      </ol>
      {kyc.level === 2 ? (
        <dl className={styles.limits}>
          <div>
            <dt>Withdrawn in the last 24 hours</dt>
            <dd className="tabular">
              {usd(kyc.limits.withdrawnToday)} of {usd(kyc.limits.withdrawalDaily)}
            </dd>
          </div>
        </dl>
      ) : null}
    </Card>
  );
}

/** The details as sent, once they can no longer change (documents under review or approved). */
function DetailsSummary({ kyc }: { kyc: TKyc }) {
  const details = kyc.details;
  if (!details) return null;
  return (
    <dl className={styles.summary}>
      <div>
        <dt>Legal name</dt>
        <dd>
          {details.legalFirstName} {details.legalLastName}
        </dd>
      </div>
      <div>
        <dt>Date of birth</dt>
        <dd className="tabular">{formatDate(`${details.dateOfBirth}T00:00:00Z`)}</dd>
      </div>
      <div>
        <dt>Country of residence</dt>
        <dd>{countryName(details.country) ?? details.country}</dd>
      </div>
      <div>
        <dt>Address</dt>
        <dd>
          {details.addressLine}, {details.postalCode} {details.city}
        </dd>
      </div>
    </dl>
  );
}

function Documents({ kyc }: { kyc: TKyc }) {
  if (kyc.level < 1)
    return (
      <p className={styles.muted}>Complete your personal details first; then add your documents here.</p>
    );
  if (kyc.status === 'approved')
    return (
      <Callout tone="success" title="Identity verified">
        Your {kyc.documentType ? DOCUMENT_TYPE_PHRASE[kyc.documentType] : 'document'} was approved.
        Withdrawals are open to you.
      </Callout>
    );
  if (kyc.status === 'pending')
    return (
      <Callout tone="info" title="Under review" role="status">
        We received your {kyc.documentType ? DOCUMENT_TYPE_PHRASE[kyc.documentType] : 'documents'}
        {kyc.submittedAt ? ` on ${formatDate(kyc.submittedAt)}` : ''}. A review usually takes less than a day;
        we will e-mail you the result.
      </Callout>
    );
  return (
    <>
      {kyc.status === 'rejected' ? (
        <Callout tone="danger" title="Your documents were not accepted" role="alert">
          {kyc.reason}. Please send new photos.
        </Callout>
      ) : null}
      <KycDocumentsForm />
    </>
  );
}

/**
 * Identity verification under Account: the levels and what each opens, the personal details
 * (level 1) and the identity documents (level 2), with the state of their review.
 */
export function VerificationScreen() {
  const query = useKyc();
  const kyc = query.data;
  return (
    <div className={styles.screen}>
      <PageHeader
        title="Verification"
        description="Verify your identity to trade with real money and to withdraw it."
      />
      {query.isError ? (
        <Card>
          <LoadError title="Verification could not load" onRetry={() => void query.refetch()} />
        </Card>
      ) : !kyc ? (
        <div className={styles.layout} aria-busy="true">
          <Skeleton height={220} />
          <Skeleton height={420} />
        </div>
      ) : (
        <div className={styles.layout}>
          <Levels kyc={kyc} />
          <div className={styles.steps}>
            <Card
              title="Personal details"
              actions={
                kyc.level >= 1 ? (
                  <Badge tone="positive" icon={<IconCheckCircle size={12} />}>
                    Complete
                  </Badge>
                ) : null
              }
            >
              {kyc.detailsProblem ? (
                <Callout tone="danger" role="alert" className={styles.problem}>
                  {kyc.detailsProblem}.
                </Callout>
              ) : null}
              {kyc.status === 'pending' || kyc.status === 'approved' ? (
                <DetailsSummary kyc={kyc} />
              ) : (
                <KycDetailsForm key={kyc.details ? 'saved' : 'new'} saved={kyc.details} />
              )}
            </Card>
            <Card
              title="Identity documents"
              actions={<Badge tone={STATUS_TONE[kyc.status]}>{KYC_STATUS_LABEL[kyc.status]}</Badge>}
            >
              <Documents kyc={kyc} />
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
