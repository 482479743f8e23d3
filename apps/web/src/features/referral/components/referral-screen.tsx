import type { TReferredUser } from '@td/contracts/referrals';
import toast from 'react-hot-toast';
import { IconGift, IconShare, IconUsers } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { copyToClipboard } from '../../../lib/clipboard';
import { formatDate, formatMoney } from '../../../lib/format';
import { t, tRich, useT } from '../../../lib/i18n';
import { useAppName } from '../../../lib/settings';
import { useReferrals } from '../api/get-referrals';
import { EarningsChart } from './earnings-chart';
import styles from './referral-screen.module.css';

/** The invited friends' table, in the language shown. */
const columns = (): TColumn<TReferredUser>[] => [
  {
    key: 'name',
    header: t('referral.column.friend'),
    isPrimary: true,
    cell: (row) => <span className={styles.name}>{row.name}</span>,
  },
  {
    key: 'joined',
    header: t('referral.column.joined'),
    cell: (row) => <span className="tabular">{formatDate(row.joinedAt)}</span>,
  },
  {
    key: 'volume',
    header: t('referral.column.volume'),
    align: 'end',
    cell: (row) => formatMoney(row.volume, 2),
  },
  {
    key: 'commission',
    header: t('referral.column.commission'),
    align: 'end',
    cell: (row) => <span className={styles.earned}>{formatMoney(row.commission, 2)}</span>,
  },
];

/** "0.2" → "20 %" (with the decimal separator of the language shown: "12,5 %"). */
function percentOf(rate: string): string {
  const percent = String(Number((Number(rate) * 100).toFixed(4)));
  return `${formatMoney(percent, percent.split('.')[1]?.length ?? 0)} %`;
}

/** The system share sheet where there is one (phones), else the link goes to the clipboard. */
async function share(link: string, appName: string) {
  const data = {
    title: appName,
    text: t('referral.share.text', { app: appName }),
    url: link,
  };
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // The user closed the sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  if (await copyToClipboard(link)) toast.success(t('referral.share.copied'));
}

function Stat({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <div className={styles.stat} data-testid={testId}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={`${styles.statValue} tabular`}>{value}</dd>
    </div>
  );
}

/**
 * The Referral tab: the user's code and link (copy, share), what their friends brought them, who
 * joined (names masked), and the commission earned day by day.
 */
export function ReferralScreen() {
  const t = useT();
  const appName = useAppName();
  const query = useReferrals();
  const data = query.data;
  const loading = <Skeleton width="60%" height={22} />;

  if (query.isError && !data) {
    return (
      <>
        <PageHeader title={t('nav.referral')} description={t('referral.description')} />
        <Card>
          <LoadError title={t('referral.loadError')} onRetry={() => void query.refetch()} />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('nav.referral')} description={t('referral.description')} />
      <div className={styles.top}>
        <Card title={t('referral.link.title')} className={styles.linkCard}>
          <p className={styles.pitch}>
            {tRich('referral.link.pitch', { rate: data ? percentOf(data.commissionRate) : '…' })}
          </p>
          <div className={styles.codeRow}>
            <div className={styles.codeBox}>
              <span className={styles.codeLabel}>{t('referral.link.code')}</span>
              <span className={styles.code} data-testid="referral-code">
                {data ? data.code : <Skeleton width={120} height={24} />}
              </span>
            </div>
            <CopyButton text={data?.code ?? ''} label={t('referral.link.copyCode')} />
          </div>
          <div className={styles.linkRow}>
            <label className={styles.linkField}>
              <span className={styles.codeLabel}>{t('referral.link.link')}</span>
              <input
                className={styles.linkInput}
                readOnly
                value={data?.link ?? ''}
                data-testid="referral-link"
                onFocus={(event) => event.currentTarget.select()}
              />
            </label>
            <div className={styles.linkActions}>
              <CopyButton
                text={data?.link ?? ''}
                label={t('referral.link.copyLink')}
                variant="primary"
                size="md"
              />
              <Button
                size="md"
                icon={<IconShare size={16} />}
                disabled={!data}
                onClick={() => data && void share(data.link, appName)}
              >
                {t('referral.link.share')}
              </Button>
            </div>
          </div>
        </Card>
        <dl className={styles.stats}>
          <Stat
            label={t('referral.stat.joined')}
            value={data ? data.count : loading}
            testId="referral-count"
          />
          <Stat
            label={t('referral.stat.earned')}
            value={data ? formatMoney(data.earned, 2) : loading}
            testId="referral-earned"
          />
          <Stat
            label={t('referral.stat.rate')}
            value={data ? percentOf(data.commissionRate) : loading}
            testId="referral-rate"
          />
        </dl>
      </div>
      <Card title={t('referral.earnings.title')} className={styles.section}>
        {!data ? (
          <Skeleton shape="block" height={180} />
        ) : data.series.length === 0 ? (
          <EmptyState
            icon={<IconGift size={24} />}
            title={t('referral.earnings.empty')}
            description={t('referral.earnings.emptyHint')}
          />
        ) : (
          <EarningsChart points={data.series} />
        )}
      </Card>
      <Card title={t('referral.friends.title')} isFlush className={styles.section}>
        <DataTable
          caption={t('referral.friends.title')}
          columns={columns()}
          rows={data?.items}
          rowKey={(row) => `${row.name}-${row.joinedAt}`}
          isLoading={query.isPending}
          skeletonRows={4}
          empty={
            <EmptyState
              icon={<IconUsers size={24} />}
              title={t('referral.friends.empty')}
              description={t('referral.friends.emptyHint')}
            />
          }
        />
      </Card>
    </>
  );
}
