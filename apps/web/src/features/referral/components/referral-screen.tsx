import type { TReferredUser } from '@td/contracts/referrals';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { CopyButton } from '../../../components/copy-button';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState, LoadError } from '../../../components/empty-state';
import { IconGift, IconShare, IconUsers } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { copyToClipboard } from '../../../lib/clipboard';
import { formatDate, formatMoney } from '../../../lib/format';
import { useReferrals } from '../api/get-referrals';
import { EarningsChart } from './earnings-chart';
import styles from './referral-screen.module.css';

const COLUMNS: TColumn<TReferredUser>[] = [
  {
    key: 'name',
    header: 'Friend',
    isPrimary: true,
    cell: (row) => <span className={styles.name}>{row.name}</span>,
  },
  {
    key: 'joined',
    header: 'Joined',
    cell: (row) => <span className="tabular">{formatDate(row.joinedAt)}</span>,
  },
  { key: 'volume', header: 'Volume (USD)', align: 'end', cell: (row) => formatMoney(row.volume, 2) },
  {
    key: 'commission',
    header: 'Your commission (USD)',
    align: 'end',
    cell: (row) => <span className={styles.earned}>{formatMoney(row.commission, 2)}</span>,
  },
];

/** "0.2" → "20 %". */
const percentOf = (rate: string) => `${Number((Number(rate) * 100).toFixed(4))} %`;

/** The system share sheet where there is one (phones), else the link goes to the clipboard. */
async function share(link: string) {
  const data = {
    title: 'Trading Desk',
    text: 'Trade crypto, forex and stocks with me on Trading Desk.',
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
  if (await copyToClipboard(link)) toast.success('Link copied: paste it to your friends');
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
  const query = useReferrals();
  const data = query.data;
  const loading = <Skeleton width="60%" height={22} />;

  if (query.isError && !data) {
    return (
      <>
        <PageHeader title="Referral" description="Invite friends and earn on their trading." />
        <Card>
          <LoadError title="Your referrals could not load." onRetry={() => void query.refetch()} />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Referral" description="Invite friends and earn on their trading." />
      <div className={styles.top}>
        <Card title="Your referral link" className={styles.linkCard}>
          <p className={styles.pitch}>
            Share your link. When a friend signs up through it, you earn{' '}
            <strong>{data ? percentOf(data.commissionRate) : '…'}</strong> of the opening fees they pay on
            their real account, credited to your real balance as they trade.
          </p>
          <div className={styles.codeRow}>
            <div className={styles.codeBox}>
              <span className={styles.codeLabel}>Referral code</span>
              <span className={styles.code} data-testid="referral-code">
                {data ? data.code : <Skeleton width={120} height={24} />}
              </span>
            </div>
            <CopyButton text={data?.code ?? ''} label="Copy code" />
          </div>
          <div className={styles.linkRow}>
            <label className={styles.linkField}>
              <span className={styles.codeLabel}>Referral link</span>
              <input
                className={styles.linkInput}
                readOnly
                value={data?.link ?? ''}
                data-testid="referral-link"
                onFocus={(event) => event.currentTarget.select()}
              />
            </label>
            <div className={styles.linkActions}>
              <CopyButton text={data?.link ?? ''} label="Copy link" variant="primary" size="md" />
              <Button
                size="md"
                icon={<IconShare size={16} />}
                disabled={!data}
                onClick={() => data && void share(data.link)}
              >
                Share
              </Button>
            </div>
          </div>
        </Card>
        <dl className={styles.stats}>
          <Stat label="Friends joined" value={data ? data.count : loading} testId="referral-count" />
          <Stat
            label="Total earned (USD)"
            value={data ? formatMoney(data.earned, 2) : loading}
            testId="referral-earned"
          />
          <Stat
            label="Commission rate"
            value={data ? percentOf(data.commissionRate) : loading}
            testId="referral-rate"
          />
        </dl>
      </div>
      <Card title="Earnings" className={styles.section}>
        {!data ? (
          <Skeleton shape="block" height={180} />
        ) : data.series.length === 0 ? (
          <EmptyState
            icon={<IconGift size={24} />}
            title="No commission yet."
            description="Your earnings appear here, day by day, once your friends trade on their real accounts."
          />
        ) : (
          <EarningsChart points={data.series} />
        )}
      </Card>
      <Card title="Invited friends" isFlush className={styles.section}>
        <DataTable
          caption="Invited friends"
          columns={COLUMNS}
          rows={data?.items}
          rowKey={(row) => `${row.name}-${row.joinedAt}`}
          isLoading={query.isPending}
          skeletonRows={4}
          empty={
            <EmptyState
              icon={<IconUsers size={24} />}
              title="No one has joined through your link yet."
              description="Share your link: friends who sign up with it appear here."
            />
          }
        />
      </Card>
    </>
  );
}
