// The Market tab's table of every pair: price, 24-hour change and sparkline, high, low, volume,
// whether its market is open, and a favourite star; sortable by name, price and change. A row leads
// to that pair's chart on the dashboard; on a phone the table folds into a compact list.
import type { TPair, TPrices } from '@td/contracts/market';
import { PAIR_CODE } from '@td/contracts/statuses';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/badge';
import { TableFrame } from '../../../components/data-table';
import { FavoriteStar } from '../../../components/favorite-star';
import { IconInfo } from '../../../components/icons';
import { IconArrowDown, IconArrowUp, IconChevronsUpDown } from '../../../components/market-icons';
import { PriceChange } from '../../../components/price-change';
import { Skeleton } from '../../../components/skeleton';
import { Sparkline } from '../../../components/sparkline';
import type { TLineshots } from '../../../domain/market/get-lineshot';
import type { TPairSort, TPairSortKey } from '../../../domain/market/pair-filters';
import {
  changeDirection,
  displayPair,
  formatPrice,
  formatVolume,
  marketOpensText,
} from '../../../lib/format-market';
import { type TMessageKey, translateServerMessage, useT } from '../../../lib/i18n';
import { pairTypeText } from '../../../lib/labels';
import { PATHS } from '../../../lib/paths';
import styles from './pairs-table.module.css';

const SKELETON_ROWS = 10;
const COLUMN_COUNT = 9;

/** Where a row leads: the dashboard chart of that pair. */
export const chartPathOf = (symbol: string) => `${PATHS.home}?pair=${encodeURIComponent(symbol)}`;

interface TPairsTableProps {
  id: string;
  rows: TPair[] | undefined;
  prices: TPrices | undefined;
  /** 24-hour sparklines by pair key (wide screens only). */
  lineshots: TLineshots | undefined;
  sort: TPairSort | null;
  onSort: (key: TPairSortKey) => void;
  onToggleFavorite: (pair: TPair) => void;
  /** Opens the pair's specification. */
  onSpec?: (pair: TPair) => void;
  /** Replaces the rows: the empty or error state. */
  message?: ReactNode;
}

/** The columns a click sorts by, in their order; figures are aligned to the end. */
const SORTED_COLUMNS: readonly { sortKey: TPairSortKey; label: TMessageKey; isEnd: boolean }[] = [
  { sortKey: 'name', label: 'market.table.pair', isEnd: false },
  { sortKey: 'price', label: 'market.table.price', isEnd: true },
  { sortKey: 'change', label: 'market.table.change', isEnd: true },
];

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  className,
}: {
  label: string;
  sortKey: TPairSortKey;
  sort: TPairSort | null;
  onSort: (key: TPairSortKey) => void;
  className?: string | undefined;
}) {
  const direction = sort?.key === sortKey ? sort.direction : null;
  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  const icon =
    direction === 'asc' ? (
      <IconArrowUp size={12} />
    ) : direction === 'desc' ? (
      <IconArrowDown size={12} />
    ) : (
      <IconChevronsUpDown size={12} />
    );
  return (
    <th scope="col" aria-sort={ariaSort} className={[styles.th, className].filter(Boolean).join(' ')}>
      <button
        type="button"
        className={styles.sortButton}
        onClick={() => onSort(sortKey)}
        data-active={Boolean(direction)}
      >
        {label}
        <span className={styles.sortIcon}>{icon}</span>
      </button>
    </th>
  );
}

/**
 * Every pair in a dense table: price, 24-hour change, high, low and volume, whether its market is
 * open, and a star. Below 768 px the secondary columns fold away and it reads as a compact list
 * (pair, price, change). A click anywhere on a row opens its chart; the pair name is the link.
 */
export function PairsTable({
  id,
  rows,
  prices,
  lineshots,
  sort,
  onSort,
  onToggleFavorite,
  onSpec,
  message,
}: TPairsTableProps) {
  const t = useT();
  const navigate = useNavigate();

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, symbol: string) => {
    // The star and the link handle their own clicks.
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(chartPathOf(symbol));
  };

  let body: ReactNode;
  if (message) {
    body = (
      <tr>
        <td colSpan={COLUMN_COUNT} className={styles.messageCell}>
          {message}
        </td>
      </tr>
    );
  } else if (!rows) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
      <tr key={index} className={styles.row}>
        <td className={`${styles.cell} ${styles.starCell}`}>
          <Skeleton width={16} height={16} shape="circle" />
        </td>
        <td className={styles.cell}>
          <Skeleton width={112} height={14} />
        </td>
        {['price', 'change', 'chart', 'high', 'low', 'volume'].map((column) => (
          <td key={column} className={`${styles.cell} ${styles.end} ${styles[column] ?? ''}`}>
            <Skeleton width={72} height={12} />
          </td>
        ))}
        <td className={`${styles.cell} ${styles.status}`}>
          <Skeleton width={52} height={12} />
        </td>
      </tr>
    ));
  } else {
    body = rows.map((pair) => {
      const price = prices?.[pair.key];
      const name = displayPair(pair.base, pair.quote);
      return (
        // A click anywhere on the row is a mouse shortcut; the pair link is the keyboard path.
        <tr
          key={pair.symbol}
          className={styles.row}
          data-symbol={pair.symbol}
          onClick={(event) => onRowClick(event, pair.symbol)}
        >
          <td className={`${styles.cell} ${styles.starCell}`}>
            <FavoriteStar
              className={styles.star}
              isFavorite={pair.favorite}
              label={t('market.favorite.toggle', { pair: name })}
              title={pair.favorite ? t('market.favorite.remove') : t('market.favorite.add')}
              onToggle={() => onToggleFavorite(pair)}
            />
          </td>
          <td className={styles.cell}>
            <span
              className={styles.pairCell}
              data-type={pairTypeText(pair.pairType)}
              // On a phone the Market column is hidden: the pair's line says when it opens instead
              // (or that the broker paused it), and the reason is a tap away on its chart.
              data-closed={
                pair.marketOpen
                  ? ''
                  : ` · ${
                      pair.status === PAIR_CODE.disabled && pair.marketClosedReason
                        ? translateServerMessage(pair.marketClosedReason)
                        : marketOpensText(pair) || t('market.status.closed')
                    }`
              }
            >
              <Link to={chartPathOf(pair.symbol)} className={styles.pairLink}>
                {name}
              </Link>
              <Badge className={styles.typeBadge}>{pairTypeText(pair.pairType)}</Badge>
              {onSpec ? (
                <button
                  type="button"
                  className={styles.specButton}
                  aria-label={t('financing.spec.openFor', { pair: name })}
                  title={t('financing.spec.open')}
                  onClick={() => onSpec(pair)}
                  data-testid="pair-spec-open"
                >
                  <IconInfo size={14} />
                </button>
              ) : null}
            </span>
          </td>
          <td className={`${styles.cell} ${styles.end} ${styles.price}`}>
            {formatPrice(price?.price, pair.pricePrecision)}
          </td>
          <td className={`${styles.cell} ${styles.end} ${styles.change}`}>
            <PriceChange value={price?.change24h} />
          </td>
          <td className={`${styles.cell} ${styles.chart}`}>
            <Sparkline
              values={lineshots?.[pair.key]}
              direction={changeDirection(price?.change24h)}
              width={96}
              height={28}
            />
          </td>
          <td className={`${styles.cell} ${styles.end} ${styles.high}`}>
            {formatPrice(price?.high24h, pair.pricePrecision)}
          </td>
          <td className={`${styles.cell} ${styles.end} ${styles.low}`}>
            {formatPrice(price?.low24h, pair.pricePrecision)}
          </td>
          <td className={`${styles.cell} ${styles.end} ${styles.volume}`}>
            {formatVolume(price?.volume24h)}
          </td>
          <td className={`${styles.cell} ${styles.status}`}>
            <span
              className={styles.market}
              data-open={pair.marketOpen}
              title={pair.marketClosedReason ? translateServerMessage(pair.marketClosedReason) : undefined}
            >
              <span className={styles.dot} aria-hidden="true" />
              {pair.marketOpen ? (
                t('market.status.open')
              ) : (
                <span className={styles.closed}>
                  <span>
                    {pair.marketClosedReason
                      ? translateServerMessage(pair.marketClosedReason)
                      : t('market.status.closed')}
                  </span>
                  {pair.marketOpensAt ? <span className={styles.opens}>{marketOpensText(pair)}</span> : null}
                </span>
              )}
            </span>
          </td>
        </tr>
      );
    });
  }

  return (
    <TableFrame
      id={id}
      caption={t('market.table.caption')}
      aria-busy={!rows || undefined}
      headers={
        <>
          <th scope="col" className={`${styles.th} ${styles.starCell}`}>
            <span className="visually-hidden">{t('market.table.favorite')}</span>
          </th>
          {SORTED_COLUMNS.map(({ sortKey, label, isEnd }) => (
            <SortHeader
              key={sortKey}
              label={t(label)}
              sortKey={sortKey}
              sort={sort}
              onSort={onSort}
              className={isEnd ? styles.end : undefined}
            />
          ))}
          <th scope="col" className={`${styles.th} ${styles.chart}`}>
            {t('market.table.chart')}
          </th>
          <th scope="col" className={`${styles.th} ${styles.end} ${styles.high}`}>
            {t('market.table.high')}
          </th>
          <th scope="col" className={`${styles.th} ${styles.end} ${styles.low}`}>
            {t('market.table.low')}
          </th>
          <th scope="col" className={`${styles.th} ${styles.end} ${styles.volume}`}>
            {t('market.table.volume')}
          </th>
          <th scope="col" className={`${styles.th} ${styles.status}`}>
            {t('market.table.market')}
          </th>
        </>
      }
      body={body}
    />
  );
}
