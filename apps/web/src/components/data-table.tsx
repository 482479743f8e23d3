// The app's tables of rows: loading placeholders, an empty or error message across the table, and
// on screens under 768 px each row shown as a card, so nothing scrolls sideways on a phone.
import type { ComponentProps, ReactNode } from 'react';
import { formatDateTime } from '../lib/format';
import styles from './data-table.module.css';
import { Skeleton } from './skeleton';

export interface TColumn<TRow> {
  key: string;
  header: string;
  cell: (row: TRow) => ReactNode;
  align?: 'start' | 'end';
  /** Shown in bold as the card's title on small screens. */
  isPrimary?: boolean;
  /** Width hint on wide screens, e.g. '30%'. */
  width?: string;
}

/** A column of a date and time the row holds (`at` reads it), in tabular figures. */
export function dateTimeColumn<TRow>(key: string, header: string, at: (row: TRow) => string | null) {
  const cell = (row: TRow) => <span className="tabular">{formatDateTime(at(row))}</span>;
  return { key, header, cell } satisfies TColumn<TRow>;
}

interface TDataTableProps<TRow> {
  /** Names the table for assistive technology (visually hidden). */
  caption: string;
  columns: readonly TColumn<TRow>[];
  rows: readonly TRow[] | undefined;
  rowKey: (row: TRow) => string;
  isLoading?: boolean;
  /** How many placeholder rows while loading (the expected page size, to avoid a jump). */
  skeletonRows?: number;
  /** What to show when there are no rows (an EmptyState), or the error state. */
  empty?: ReactNode;
  /** Replaces the rows when set: a failed load. */
  error?: ReactNode;
  /** Dims the rows while the next page loads over the current one. */
  isStale?: boolean;
  /** The key of a row to make stand out for a moment (a position just opened). */
  highlightedKey?: string | null;
  /** Narrower cells, for a table in a tight panel (the Trade screen's dock). */
  isCompact?: boolean;
  /** A row's own attributes: an id to link to, `data-*` a stylesheet or a test reads. */
  rowAttributes?: (row: TRow) => { id?: string; [data: `data-${string}`]: string | undefined };
}

/**
 * A table on wide screens; below 768 px each row becomes a card of label/value lines (the labels
 * come from the headers), so nothing scrolls sideways on a phone.
 */
export function DataTable<TRow>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  skeletonRows = 3,
  empty,
  error,
  isStale = false,
  highlightedKey,
  isCompact = false,
  rowAttributes,
}: TDataTableProps<TRow>) {
  const cellClass = (column: TColumn<TRow>, base: string | undefined) =>
    [base, column.align === 'end' ? styles.end : '', column.isPrimary ? styles.primary : '']
      .filter(Boolean)
      .join(' ');

  /** A message across the whole table (a load error, the empty state). */
  const messageRow = (message: ReactNode) => (
    <tr>
      <td colSpan={columns.length} className={styles.messageCell}>
        {message}
      </td>
    </tr>
  );

  let body: ReactNode;
  if (error) {
    body = messageRow(error);
  } else if (isLoading || !rows) {
    body = Array.from({ length: skeletonRows }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
      <tr key={index} className={styles.row}>
        {columns.map((column) => (
          <td key={column.key} className={cellClass(column, styles.cell)} data-label={column.header}>
            <Skeleton width={column.isPrimary ? '70%' : '50%'} height={12} />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = messageRow(empty);
  } else {
    body = rows.map((row) => (
      <tr
        key={rowKey(row)}
        {...rowAttributes?.(row)}
        className={styles.row}
        data-highlighted={(highlightedKey != null && rowKey(row) === highlightedKey) || undefined}
      >
        {columns.map((column) => (
          <td key={column.key} className={cellClass(column, styles.cell)} data-label={column.header}>
            {column.cell(row)}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <TableFrame
      caption={caption}
      className={styles.table}
      aria-busy={isLoading || isStale || undefined}
      data-stale={isStale || undefined}
      data-compact={isCompact || undefined}
      headers={columns.map((column) => (
        <th
          key={column.key}
          scope="col"
          className={cellClass(column, styles.th)}
          style={{ width: column.width }}
        >
          {column.header}
        </th>
      ))}
      body={body}
    />
  );
}

/**
 * A table of figures in a box that scrolls sideways when the table is wider: named for assistive
 * technology by its (visually hidden) caption, one row of `headers`, then the `body` rows.
 * `className` styles the table further; a header cell takes the tables' look by composing `th`
 * from data-table.module.css.
 */
export function TableFrame({
  caption,
  headers,
  body,
  className,
  ...table
}: Omit<ComponentProps<'table'>, 'children'> & { caption: string; headers: ReactNode; body: ReactNode }) {
  return (
    <div className={styles.scroller}>
      <table className={[styles.frame, className].filter(Boolean).join(' ')} {...table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{headers}</tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
