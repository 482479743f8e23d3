import { type ReactNode, useState } from 'react';
import { Card } from '../../../components/card';
import { DataTable } from '../../../components/data-table';
import { FilterTabs, type TFilterTab } from '../../../components/filter-tabs';
import { PagedTable, type TPagedTableProps } from '../../../components/paged-table';
import { TextField } from '../../../components/text-field';
import { type TCountKey, t, tCount, useLanguage, useT } from '../../../lib/i18n';
import { ADMIN_PAGE_SIZE } from '../api/admin-query';
import styles from './admin.module.css';

/** A back-office list's filters and page: changing a filter goes back to the first page. */
export function useListFilters<TFilters extends object>(initial: TFilters) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const setFilter = <TKey extends keyof TFilters>(key: TKey, value: TFilters[TKey]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  return { filters, setFilter, page, setPage };
}

interface TAdminListProps<TRow extends { id: string }> extends Omit<TPagedTableProps<TRow>, 'pager'> {
  list: { page: number; setPage: (page: number) => void };
  /** The filters above the table. */
  toolbar: ReactNode;
  /** The text of the total at the end of the toolbar ('{count} users'); no total without it. */
  counted?: TCountKey;
  /** What opens over the list (dialogs). */
  children?: ReactNode;
}

/** A back-office list: its filters, the total, and one page of the table with the pager. */
export function AdminList<TRow extends { id: string }>({
  list,
  toolbar,
  counted,
  children,
  ...table
}: TAdminListProps<TRow>) {
  useLanguage();
  const total = table.query.data?.total;
  return (
    <Card isFlush>
      <div className={styles.toolbar}>
        {toolbar}
        {counted && total !== undefined ? (
          <span className={styles.total}>{tCount(counted, total)}</span>
        ) : null}
      </div>
      <PagedTable {...table} pager={{ page: list.page, limit: ADMIN_PAGE_SIZE, setPage: list.setPage }} />
      {children}
    </Card>
  );
}

/**
 * A whole table on a card of its own, the card's title naming the table too; with no rows, its
 * `empty` state or else the muted line `emptyText`.
 */
export function TableCard<TRow>({
  title,
  emptyText,
  ...table
}: { title: string; emptyText?: string } & Omit<Parameters<typeof DataTable<TRow>>[0], 'caption'>) {
  return (
    <Card title={title} isFlush>
      <DataTable
        caption={title}
        empty={emptyText === undefined ? undefined : <p className={styles.emptyRow}>{emptyText}</p>}
        {...table}
      />
    </Card>
  );
}

/** The search box of a back-office list. */
export function ListSearch(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={props.label}
      type="search"
      placeholder={props.placeholder}
      value={props.value}
      className={styles.search}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/** The tabs of `statuses`, each by its name (`text`), and "All" by the app's word for it. */
export const statusTabs = <TFilter extends string>(
  statuses: readonly TFilter[],
  text: (status: Exclude<TFilter, 'all'>) => string,
): TFilterTab<TFilter>[] =>
  statuses.map((value) => ({
    value,
    label: value === 'all' ? t('common.all') : text(value as Exclude<TFilter, 'all'>),
  }));

/** The Status tabs of a back-office list whose filters have a `status`. */
export function StatusTabs<TStatus extends string>({
  list,
  tabs,
}: {
  list: {
    filters: { status: TStatus };
    setFilter: (key: 'status', value: TStatus) => void;
  };
  tabs: readonly TFilterTab<TStatus>[];
}) {
  const t = useT();
  return (
    <FilterTabs
      label={t('admin.column.status')}
      tabs={tabs}
      value={list.filters.status}
      onChange={(value) => list.setFilter('status', value)}
    />
  );
}
