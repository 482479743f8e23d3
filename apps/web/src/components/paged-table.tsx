import { type ReactNode, useState } from 'react';
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

export interface TPagedTableProps<TRow extends { id: string }> {
  caption: string;
  columns: readonly TColumn<TRow>[];
  /** Tells the rows apart; their `id` unless given. */
  rowKey?: (row: TRow) => string;
  query: TPagedQuery<TRow>;
  /** The page shown, how many rows a page holds, and how to turn it (`usePager`). */
  pager: TPager;
  /** What is counted, plural ('users'): in the pager and the error. */
  noun: string;
  /** The expected page's rows while loading, so nothing jumps when they come. */
  skeletonRows?: number;
  /** What an empty page shows (an EmptyState). */
  empty: ReactNode;
  /** The failed load's title; "The <noun> could not load." unless set. */
  errorTitle?: string;
}

/** Which page of a paged list is shown, and how many rows a page holds. */
export interface TPager {
  page: number;
  limit: number;
  setPage: (page: number) => void;
}

/** A paged list's page, from the first, at `limit` rows a page. */
export function usePager(limit: number): TPager {
  const [page, setPage] = useState(1);
  return { page, limit, setPage };
}

/**
 * One page of a server-side list: the table (placeholder rows while loading, the previous page
 * dimmed while the next comes, an error with a retry), and the pager when there is more than a
 * page.
 */
export function PagedTable<TRow extends { id: string }>({
  caption,
  columns,
  rowKey = (row) => row.id,
  query,
  pager,
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
      {total > pager.limit ? (
        <Pagination
          page={pager.page}
          limit={pager.limit}
          total={total}
          onPageChange={pager.setPage}
          isFetching={query.isFetching && query.isPlaceholderData}
          noun={noun}
        />
      ) : null}
    </>
  );
}
