import type { TAdminPair } from '@td/contracts/admin';
import { PAIR_CODE, type TPairStatus } from '@td/contracts/statuses';
import { useState } from 'react';
import { IconLineChart } from '../../../components/app-icons';
import { Badge } from '../../../components/badge';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { FilterTabs, type TFilterTab } from '../../../components/filter-tabs';
import { formatMoney } from '../../../lib/format';
import { displayPair } from '../../../lib/format-market';
import { tCount, useT } from '../../../lib/i18n';
import { pairTypeText } from '../../../lib/labels';
import { useAdminPairs, useUpdatePair } from '../api/admin-pairs';
import { useFeedHealth } from '../api/feed-health';
import styles from './admin.module.css';
import { NameCell } from './admin-cells';
import { ListSearch } from './admin-list';
import { InlineField, InlineNumberField, InlineSaveForm, toastOutcome, useInlineDraft } from './inline-form';

/** One pair's editable limits: spread (ppm of the price) and max leverage, saved together. */
function PairLimits({ pair }: { pair: TAdminPair }) {
  const t = useT();
  const update = useUpdatePair();
  const limits = useInlineDraft({
    spreadPpm: String(pair.spreadPpm),
    maxLeverage: String(pair.maxLeverage),
    maxNetExposure: pair.maxNetExposure ?? '',
  });
  const maxNetExposure = limits.field('maxNetExposure');
  return (
    <InlineSaveForm
      isChanged={limits.isChanged}
      isPending={update.isPending}
      onSave={() =>
        update.mutateAsync({
          symbol: pair.symbol,
          spreadPpm: Number(limits.draft.spreadPpm),
          maxLeverage: Number(limits.draft.maxLeverage),
          // Empty: no limit.
          maxNetExposure: maxNetExposure.value.trim() === '' ? null : maxNetExposure.value.trim(),
        })
      }
    >
      <InlineNumberField
        label={t('admin.pairs.spreadPpm')}
        min={0}
        max={100000}
        {...limits.field('spreadPpm')}
      />
      <InlineNumberField
        label={t('admin.pairs.maxLeverage')}
        min={1}
        max={1000}
        {...limits.field('maxLeverage')}
      />
      <InlineField label={t('admin.pairs.maxNetExposure')}>
        <input
          inputMode="decimal"
          placeholder={t('admin.pairs.noLimit')}
          maxLength={16}
          value={maxNetExposure.value}
          onChange={(event) => maxNetExposure.onValue(event.target.value)}
        />
      </InlineField>
    </InlineSaveForm>
  );
}

/** Whether the pair can be traded: a switch that says its state, turned with a click or Space. */
function TradingSwitch({ pair }: { pair: TAdminPair }) {
  const t = useT();
  const update = useUpdatePair();
  const isActive = pair.status === PAIR_CODE.active;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isActive}
      aria-label={t('admin.pairs.tradingOn', { pair: displayPair(pair.base, pair.quote) })}
      className={styles.switch}
      disabled={update.isPending}
      onClick={() =>
        void toastOutcome(
          update.mutateAsync({
            symbol: pair.symbol,
            status: isActive ? PAIR_CODE.disabled : PAIR_CODE.active,
          }),
        )
      }
    >
      <span className={styles.switchTrack} aria-hidden="true">
        <span className={styles.switchThumb} />
      </span>
      <span>{isActive ? t('admin.pairs.enabled') : t('admin.pairs.disabled')}</span>
    </button>
  );
}

type TStatusFilter = 'all' | TPairStatus;

/** Whether a pair answers the search: its name as shown, its symbol or its market. */
function matches(pair: TAdminPair, search: string): boolean {
  const needle = search
    .trim()
    .toLowerCase()
    .replace(/[\s/_-]/g, '');
  if (!needle) return true;
  return [displayPair(pair.base, pair.quote), pair.symbol, pairTypeText(pair.pairType)].some((text) =>
    text
      .toLowerCase()
      .replace(/[\s/_-]/g, '')
      .includes(needle),
  );
}

const columns = (t: ReturnType<typeof useT>): TColumn<TAdminPair>[] => [
  {
    key: 'pair',
    header: t('admin.pairs.pair'),
    isPrimary: true,
    cell: (pair) => (
      <NameCell sub={pairTypeText(pair.pairType)}>{displayPair(pair.base, pair.quote)}</NameCell>
    ),
  },
  { key: 'status', header: t('admin.pairs.trading'), cell: (pair) => <TradingSwitch pair={pair} /> },
  {
    key: 'limits',
    header: t('admin.pairs.limits'),
    cell: (pair) => (
      <PairLimits key={`${pair.spreadPpm}-${pair.maxLeverage}-${pair.maxNetExposure}`} pair={pair} />
    ),
  },
];

const FEED_STATE_TONE = { live: 'positive', delayed: 'warning', waiting: 'neutral' } as const;

/** Each price feed: its pairs, its state and how old its newest price is. */
function FeedsCard() {
  const t = useT();
  const { data: feeds } = useFeedHealth();
  return (
    <Card title={t('admin.pairs.feeds')} className={styles.banner}>
      <ul className={styles.feeds} data-testid="price-feeds">
        {(feeds ?? []).map((feed) => (
          <li key={feed.feed} className={styles.feed}>
            <span className={styles.strong}>{t(`admin.pairs.feed.${feed.feed}`)}</span>
            <span className={styles.sub}>
              {tCount('admin.pairs.feedPairs', feed.pairs)}
              {' · '}
              {feed.lastMessageAgeMs === null
                ? t('admin.pairs.noPriceYet')
                : t('admin.pairs.lastPrice', {
                    seconds: formatMoney(String(feed.lastMessageAgeMs / 1000), 1),
                  })}
            </span>
            <Badge tone={FEED_STATE_TONE[feed.state]}>{t(`admin.pairs.feedState.${feed.state}`)}</Badge>
          </li>
        ))}
        {feeds?.length === 0 ? <li className={styles.sub}>{t('admin.pairs.noPrices')}</li> : null}
      </ul>
    </Card>
  );
}

/** The pair catalogue: the feeds' state, then enable or disable trading, and each pair's limits. */
export function AdminPairsScreen() {
  const t = useT();
  const query = useAdminPairs();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TStatusFilter>('all');
  const statusTabs: TFilterTab<TStatusFilter>[] = [
    { value: 'all', label: t('common.all') },
    { value: PAIR_CODE.active, label: t('admin.pairs.filterEnabled') },
    { value: PAIR_CODE.disabled, label: t('admin.pairs.filterDisabled') },
  ];
  const rows = query.data?.filter(
    (pair) => matches(pair, search) && (status === 'all' || pair.status === status),
  );
  return (
    <>
      <FeedsCard />
      <Card isFlush>
        <div className={styles.toolbar}>
          <ListSearch
            label={t('admin.pairs.search')}
            placeholder={t('admin.pairs.searchHint')}
            value={search}
            onChange={setSearch}
          />
          <FilterTabs
            label={t('admin.pairs.trading')}
            tabs={statusTabs}
            value={status}
            onChange={setStatus}
            size="sm"
          />
          {rows ? (
            <span className={styles.total}>
              {t('admin.pairs.shown', { shown: rows.length, total: query.data?.length ?? 0 })}
            </span>
          ) : null}
        </div>
        <DataTable
          caption={t('admin.title.pairs')}
          columns={columns(t)}
          rows={rows}
          rowKey={(pair) => pair.symbol}
          isLoading={query.isPending}
          skeletonRows={8}
          empty={<EmptyState icon={<IconLineChart size={24} />} title={t('admin.pairs.empty')} />}
        />
      </Card>
    </>
  );
}
