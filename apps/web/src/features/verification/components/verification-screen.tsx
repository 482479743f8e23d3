// The identity verification page under Account: the three levels and what each opens, the personal
// details form (level 1) and the documents form (level 2), or the state of their review once sent.
import type { TKyc, TKycLevel } from '@td/contracts/kyc';
import type { TTone } from '@td/contracts/statuses';
import { IconLock } from '../../../components/app-icons';
import { Badge } from '../../../components/badge';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { LoadError } from '../../../components/empty-state';
import { IconCheckCircle } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useKyc } from '../../../domain/identity/get-kyc';
import { countryName } from '../../../lib/countries';
import { formatDate, formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { documentPhraseText, kycStatusText } from '../../../lib/labels';
import { KycDetailsForm } from './kyc-details-form';
import { KycDocumentsForm } from './kyc-documents-form';
import styles from './verification.module.css';

const LEVELS: readonly TKycLevel[] = [0, 1, 2];

const usd = (value: string) => `${formatMoney(value, 2)} USD`;

const STATUS_TONE: Record<TKyc['status'], TTone> = {
  none: 'neutral',
  pending: 'info',
  approved: 'positive',
  rejected: 'negative',
};

/** The three levels, each with what it opens and whether the account has it. */
function Levels({ kyc }: { kyc: TKyc }) {
  const t = useT();
  return (
    <Card title={t('verification.levels.title')} className={styles.levels}>
      <ol className={styles.levelList}>
        {LEVELS.map((level) => {
          const isDone = kyc.level >= level;
          return (
            <li key={level} className={styles.level} data-done={isDone}>
              <span className={styles.levelIcon} aria-hidden="true">
                {isDone ? <IconCheckCircle size={18} /> : <IconLock size={18} />}
              </span>
              <span className={styles.levelText}>
                <span className={styles.levelTitle}>
                  {t('verification.levels.level', { level, title: t(`verification.level${level}.title`) })}
                </span>
                <span className={styles.levelDetail}>
                  {level === 2 && kyc.level === 2
                    ? t('verification.levels.dailyLimit', { limit: usd(kyc.limits.withdrawalDaily) })
                    : t(`verification.level${level}.unlocks`)}
                </span>
              </span>
              <span className="visually-hidden">
                {isDone ? t('verification.levels.done') : t('verification.levels.notYet')}
              </span>
            </li>
          );
        })}
      </ol>
      {kyc.level === 2 ? (
        <dl className={styles.limits}>
          <div>
            <dt>{t('verification.levels.withdrawn')}</dt>
            <dd className="tabular">
              {t('verification.levels.withdrawnOf', {
                withdrawn: usd(kyc.limits.withdrawnToday),
                limit: usd(kyc.limits.withdrawalDaily),
              })}
            </dd>
          </div>
        </dl>
      ) : null}
    </Card>
  );
}

/** The details as sent, once they can no longer change (documents under review or approved). */
function DetailsSummary({ kyc }: { kyc: TKyc }) {
  const t = useT();
  const details = kyc.details;
  if (!details) return null;
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t('verification.summary.name')}</dt>
        <dd>
          {details.legalFirstName} {details.legalLastName}
        </dd>
      </div>
      <div>
        <dt>{t('verification.details.dateOfBirth')}</dt>
        <dd className="tabular">{formatDate(`${details.dateOfBirth}T00:00:00Z`)}</dd>
      </div>
      <div>
        <dt>{t('verification.summary.country')}</dt>
        <dd>{countryName(details.country) ?? details.country}</dd>
      </div>
      <div>
        <dt>{t('verification.summary.address')}</dt>
        <dd>
          {details.addressLine}, {details.postalCode} {details.city}
        </dd>
      </div>
    </dl>
  );
}

/** "We received your passport on 3 March 2026." with what is known of the submission. */
function receivedText(t: ReturnType<typeof useT>, kyc: TKyc) {
  const date = kyc.submittedAt ? formatDate(kyc.submittedAt) : undefined;
  if (kyc.documentType) {
    const document = documentPhraseText(kyc.documentType);
    return date
      ? t('verification.documents.receivedTypeOn', { document, date })
      : t('verification.documents.receivedType', { document });
  }
  return date ? t('verification.documents.receivedOn', { date }) : t('verification.documents.received');
}

function Documents({ kyc }: { kyc: TKyc }) {
  const t = useT();
  if (kyc.level < 1) return <p className={styles.muted}>{t('verification.documents.detailsFirst')}</p>;
  if (kyc.status === 'approved')
    return (
      <Callout tone="success" title={t('verification.documents.approvedTitle')}>
        {kyc.documentType
          ? t('verification.documents.approvedType', { document: documentPhraseText(kyc.documentType) })
          : t('verification.documents.approved')}
      </Callout>
    );
  if (kyc.status === 'pending')
    return (
      <Callout tone="info" title={t('verification.documents.pendingTitle')} role="status">
        {receivedText(t, kyc)} {t('verification.documents.pendingText')}
      </Callout>
    );
  return (
    <>
      {kyc.status === 'rejected' ? (
        <Callout tone="danger" title={t('verification.documents.rejectedTitle')} role="alert">
          {t('verification.documents.rejectedText', { reason: kyc.reason ?? '' })}
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
  const t = useT();
  const query = useKyc();
  const kyc = query.data;
  return (
    <div className={styles.screen}>
      <PageHeader title={t('account.verification')} description={t('verification.description')} />
      {query.isError ? (
        <Card>
          <LoadError title={t('verification.loadError')} onRetry={() => void query.refetch()} />
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
              title={t('verification.details.title')}
              actions={
                kyc.level >= 1 ? (
                  <Badge tone="positive" icon={<IconCheckCircle size={12} />}>
                    {t('verification.details.complete')}
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
              title={t('verification.documents.title')}
              actions={<Badge tone={STATUS_TONE[kyc.status]}>{kycStatusText(kyc.status)}</Badge>}
            >
              <Documents kyc={kyc} />
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
