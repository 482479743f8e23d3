import type { ReactNode } from 'react';
import { DataTable, type TColumn } from './data-table';
import { LoadError } from './empty-state';
import { Pagination } from './pagination';

/** What a paged list's query gives (a TanStack Query result of `{ items, total }`). */
export interface TPagedQuery<TRow> {
  data?: { items: readonly TRow[]; total: number } | undefined;
  isPending: boolean;
  isPlaceholderData: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface TPagedTableProps<TRow> {
  caption: string;
  columns: readonly TColumn<TRow>[];
  rowKey: (row: TRow) => string;
  query: TPagedQuery<TRow>;
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  /** What is counted, plural ('users'): in the pager and the error. */
  noun: string;
  /** The expected page's rows while loading, so nothing jumps when they come. */
  skeletonRows?: number;
  /** What an empty page shows (an EmptyState). */
  empty: ReactNode;
  /** The failed load's title; "The <noun> could not load." unless set. */
  errorTitle?: string;
}

/**
 * One page of a server-side list: the table (placeholder rows while loading, the previous page
 * dimmed while the next comes, an error with a retry), and the pager when there is more than a
 * page.
 */
export function PagedTable<TRow>({
  caption,
  columns,
  rowKey,
  query,
  page,
  limit,
  onPageChange,
  noun,
  skeletonRows = 8,
  empty,
  errorTitle,
}: TPagedTableProps<TRow>) {
  const total = query.data?.total ?? 0;
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={query.data?.items}
        rowKey={rowKey}
        isLoading={query.isPending}
        isStale={query.isPlaceholderData}
        skeletonRows={skeletonRows}
        empty={empty}
        error={
          query.isError && !query.data ? (
            <LoadError
              title={errorTitle ?? `The ${noun} could not load.`}
              onRetry={() => void query.refetch()}
            />
          ) : undefined
        }
      />
      {total > limit ? (
        <Pagination
          page={page}
          limit={limit}
          total={total}
          onPageChange={onPageChange}
          isFetching={query.isFetching && query.isPlaceholderData}
          noun={noun}
        />
      ) : null}
    </>
  );
}
