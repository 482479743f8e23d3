// The back office's Reports screen: a chosen day's orders to download as CSV, and client money,
// what clients' Real balances are owed against what the wallet holds on record, per coin and in
// total, with the difference marked when the two do not match.
import { REPORT_DAY_MIN, type TClientMoneyCoin } from '@td/contracts/reports';
import { useState } from 'react';
import { IconDownload } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconActivity } from '../../../components/icons';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { downloadClientMoney, downloadDailyReport, useClientMoney } from '../api/admin-reports';
import styles from './admin.module.css';
import { InlineField } from './inline-form';

const today = () => new Date().toISOString().slice(0, 10);
/** Coin amounts are shown at 8 decimals: enough for every coin's smallest step that matters here. */
const COIN_SHOWN = 8;
/** A price at its own decimals (a cheap coin's cents alone would say little), at least 2. */
const priceDecimals = (price: string) => Math.max(2, price.split('.')[1]?.length ?? 0);

/** The day's orders (opened or closed that UTC day) as a CSV file. */
function DailyReport() {
  const t = useT();
  const [date, setDate] = useState(today);
  const [isBusy, setIsBusy] = useState(false);
  const isValid = date >= REPORT_DAY_MIN && date <= today();
  return (
    <form
      className={styles.inlineForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (!isValid) return;
        setIsBusy(true);
        downloadDailyReport(date)
          .catch(() => undefined)
          .finally(() => setIsBusy(false));
      }}
    >
      <InlineField label={t('admin.reports.date')}>
        <input
          className={styles.wideInput}
          type="date"
          required
          min={REPORT_DAY_MIN}
          max={today()}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
      </InlineField>
      <Button
        size="sm"
        type="submit"
        variant="primary"
        icon={<IconDownload size={14} />}
        disabled={!isValid}
        isLoading={isBusy}
      >
        {t('admin.reports.download')}
      </Button>
      <span className={styles.sub}>{t('admin.reports.dailyHint')}</span>
    </form>
  );
}

const coinColumns = (t: ReturnType<typeof useT>): TColumn<TClientMoneyCoin>[] => [
  {
    key: 'coin',
    header: t('admin.reports.coin'),
    isPrimary: true,
    cell: (coin) => <span className={styles.strong}>{coin.coin.toUpperCase()}</span>,
  },
  {
    key: 'deposited',
    header: t('admin.reports.deposited'),
    align: 'end',
    cell: (coin) => <span className="tabular">{formatMoney(coin.deposited, COIN_SHOWN)}</span>,
  },
  {
    key: 'withdrawn',
    header: t('admin.reports.withdrawn'),
    align: 'end',
    cell: (coin) => <span className="tabular">{formatMoney(coin.withdrawn, COIN_SHOWN)}</span>,
  },
  {
    key: 'held',
    header: t('admin.reports.held'),
    align: 'end',
    cell: (coin) => <span className="tabular">{formatMoney(coin.held, COIN_SHOWN)}</span>,
  },
  {
    key: 'price',
    header: t('admin.reports.price'),
    align: 'end',
    cell: (coin) => (
      <span className="tabular">
        {coin.price === null
          ? t('admin.reports.noPrice')
          : formatMoney(coin.price, priceDecimals(coin.price))}
      </span>
    ),
  },
  {
    key: 'value',
    header: t('admin.reports.heldValue'),
    align: 'end',
    cell: (coin) => <span className="tabular">{formatMoney(coin.heldValue, 2)}</span>,
  },
];

/** What clients' Real balances owe against what the wallet holds on record, per coin. */
function ClientMoney() {
  const t = useT();
  const report = useClientMoney();
  const data = report.data;
  const isShort = data ? data.difference !== '0.00' : false;
  return (
    <>
      <Card isFlush>
        <DataTable
          caption={t('admin.reports.clientMoney')}
          columns={coinColumns(t)}
          rows={data?.coins}
          rowKey={(coin) => coin.coin}
          isLoading={report.isPending}
          error={report.isError ? t('admin.reports.loadError') : undefined}
          empty={<EmptyState icon={<IconActivity size={24} />} title={t('admin.reports.empty')} />}
        />
      </Card>
      {data ? (
        <Card title={t('admin.reports.totals')}>
          <dl className={styles.figures}>
            <dt>{t('admin.reports.heldValue')}</dt>
            <dd className="tabular">{formatMoney(data.heldValue, 2)}</dd>
            <dt>{t('admin.reports.liabilityCash')}</dt>
            <dd className="tabular">{formatMoney(data.liability.cash, 2)}</dd>
            <dt>{t('admin.reports.liabilityMargin')}</dt>
            <dd className="tabular">{formatMoney(data.liability.margin, 2)}</dd>
            <dt>{t('admin.reports.liability')}</dt>
            <dd className="tabular">{formatMoney(data.liability.total, 2)}</dd>
            <dt>{t('admin.reports.difference')}</dt>
            <dd
              className={['tabular', isShort ? styles.attention : ''].join(' ')}
              data-testid="client-money-difference"
            >
              {formatMoney(data.difference, 2)}
            </dd>
          </dl>
          <p className={[styles.sub, styles.note].join(' ')}>
            {t('admin.reports.basis', { time: formatDateTime(data.asOf) })}
            {data.unpricedCoins.length > 0
              ? ` ${t('admin.reports.unpriced', { coins: data.unpricedCoins.map((coin) => coin.toUpperCase()).join(', ') })}`
              : ''}
          </p>
          <div className={styles.formActions}>
            <Button
              size="sm"
              variant="secondary"
              icon={<IconDownload size={14} />}
              onClick={() => downloadClientMoney().catch(() => undefined)}
            >
              {t('admin.reports.downloadCsv')}
            </Button>
          </div>
        </Card>
      ) : null}
    </>
  );
}

/** Reports: a day's orders to download, and client money. */
export function AdminReportsScreen() {
  const t = useT();
  return (
    <div className={styles.stack}>
      <Card title={t('admin.reports.daily')}>
        <DailyReport />
      </Card>
      <ClientMoney />
    </div>
  );
}
