// Previous and next buttons for the paged lists of the API (`{items, page, limit, total}`), with
// the range shown ('1–20 of 42 logins').
import { capitalize } from '../lib/format';
import { tRich, useT } from '../lib/i18n';
import { IconChevronLeft, IconChevronRight } from './app-icons';
import { Button } from './button';
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
  const t = useT();
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      <p className={`${styles.range} tabular`} aria-live="polite">
        {capitalize(
          noun
            ? t('pagination.rangeOf', { from, to, total, noun })
            : t('pagination.range', { from, to, total }),
        )}
      </p>
      <div className={styles.buttons}>
        <Button
          size="sm"
          variant="secondary"
          icon={<IconChevronLeft size={14} />}
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1 || isFetching}
        >
          {t('pagination.previous')}
        </Button>
        <span className={styles.pageOf}>
          {tRich(
            'pagination.page',
            { page, pages: pageCount },
            { n: (text) => <span className="tabular">{text}</span> },
          )}
        </span>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pageCount || isFetching}
        >
          {t('pagination.next')}
          <IconChevronRight size={14} />
        </Button>
      </div>
    </nav>
  );
}
