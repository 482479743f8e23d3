import { Button } from './button';
import { IconChevronLeft, IconChevronRight } from './icons';
import styles from './pagination.module.css';

interface TPaginationProps {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
  /** The next page is on its way: the buttons wait. */
  isFetching?: boolean;
  /** What is counted ('logins'): read as '1–20 of 42 logins'. */
  noun?: string;
}

/** Previous / next paging with the range shown, for the `{items, page, limit, total}` lists. */
export function Pagination({ page, limit, total, onPageChange, isFetching = false, noun }: TPaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <p className={styles.range} aria-live="polite">
        <span className="tabular">
          {from}–{to}
        </span>{' '}
        of <span className="tabular">{total}</span>
        {noun ? ` ${noun}` : ''}
      </p>
      <div className={styles.buttons}>
        <Button
          size="sm"
          variant="secondary"
          icon={<IconChevronLeft size={14} />}
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1 || isFetching}
        >
          Previous
        </Button>
        <span className={styles.pageOf}>
          Page <span className="tabular">{page}</span> of <span className="tabular">{pageCount}</span>
        </span>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pageCount || isFetching}
        >
          Next
          <IconChevronRight size={14} />
        </Button>
      </div>
    </nav>
  );
}
