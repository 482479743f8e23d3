import type { TPairFilter } from '@td/contracts/constants';
import type { TPair } from '@td/contracts/market';
import {
  type KeyboardEvent,
  type FocusEvent as ReactFocusEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { IconChevronDown, IconX } from '../../../components/app-icons';
import { FavoriteStar } from '../../../components/favorite-star';
import { FilterTabs } from '../../../components/filter-tabs';
import { IconSearch } from '../../../components/market-icons';
import { PriceChange } from '../../../components/price-change';
import { usePrices } from '../../../domain/market/get-prices';
import { pickerPairs } from '../../../domain/market/pair-filters';
import { useToggleFavorite } from '../../../domain/market/toggle-favorite';
import { displayPair, formatPrice } from '../../../lib/format-market';
import { tCount, translateServerMessage, useT } from '../../../lib/i18n';
import { useKeepInViewport } from '../../../lib/keep-in-viewport';
import { pairFilterText } from '../../../lib/labels';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { usePressOutside } from '../../../lib/use-press-outside';
import styles from './pair-picker.module.css';

/** The tabs in the order brokers show them: everything, the user's own, then each market. */
const PICKER_FILTERS: readonly TPairFilter[] = ['all', 'favorites', 'crypto', 'forex', 'stock'];

/** The room between the button and the popover under it. */
const POPOVER_GAP_PX = 6;

/** A row of the list and its column: 0 the pair (Enter picks it), 1 its star (Enter stars it). */
interface TActive {
  index: number;
  column: 0 | 1;
}

/** Whether a key pressed there is typing (a field, an editor), where '/' is a character. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

interface TPairPickerProps {
  pairs: readonly TPair[];
  value: string;
  onChange: (symbol: string) => void;
}

/**
 * The pair picker of the Trade screen: a button with the pair that opens a searchable list of
 * every pair (a full-screen sheet on a phone) with its price, 24-hour change, market state and a
 * star. The search is a combobox over a grid: the arrow keys move through the rows (and to a
 * row's star with → / back with ←), Enter picks the pair (or stars it), Escape closes and returns
 * to the button. '/' anywhere on the screen but in a field opens it.
 */
export function PairPicker({ pairs, value, onChange }: TPairPickerProps) {
  const t = useT();
  const isMobile = useIsMobile();
  const prices = usePrices().data;
  const toggleFavorite = useToggleFavorite();
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<TPairFilter>('all');
  const [active, setActive] = useState<TActive | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const panelId = useId();
  const gridId = useId();
  const statusId = useId();
  const rows = useMemo(() => pickerPairs(pairs, { filter, query }), [pairs, filter, query]);
  const current = pairs.find((pair) => pair.symbol === value);
  const cellId = (index: number, column: 0 | 1) => `${gridId}-${index}-${column}`;

  const open = () => {
    setQuery('');
    setActive(null);
    setIsOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const pick = (pair: TPair) => {
    close(true);
    if (pair.symbol !== value) onChange(pair.symbol);
  };
  const star = (pair: TPair) => toggleFavorite.mutate({ symbol: pair.symbol, isFavorite: !pair.favorite });

  // '/' opens the picker from anywhere on the screen, unless it is being typed or a dialog is up.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
        return;
      if (isOpen || isTyping(event.target) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  // A press outside the button and the popover closes it (focus stays where the press put it).
  usePressOutside(isOpen, [panelRef, buttonRef], () => close(false));

  // Under the button (fixed, so the chart card's clipping does not cut it), then kept in the window;
  // it follows the button each frame while open (a scroll, or a bar appearing above, moves it).
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!isOpen || !panel || isMobile) return;
    let frame = 0;
    let last = '';
    const place = () => {
      const box = buttonRef.current?.getBoundingClientRect();
      if (box) {
        const top = `${box.bottom + POPOVER_GAP_PX}px`;
        const left = `${box.left}px`;
        if (`${top} ${left}` !== last) {
          last = `${top} ${left}`;
          panel.style.top = top;
          panel.style.left = left;
        }
      }
      frame = requestAnimationFrame(place);
    };
    place();
    return () => cancelAnimationFrame(frame);
  }, [isOpen, isMobile]);
  useKeepInViewport(panelRef, isOpen && !isMobile);

  useEffect(() => {
    if (isOpen) inputRef.current?.focus();
  }, [isOpen]);

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = rows.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        if (last < 0) return;
        setActive({
          index: active === null || active.index >= last ? 0 : active.index + 1,
          column: active?.column ?? 0,
        });
        break;
      case 'ArrowUp':
        if (last < 0) return;
        setActive({
          index: active === null || active.index <= 0 ? last : active.index - 1,
          column: active?.column ?? 0,
        });
        break;
      case 'ArrowRight': {
        // Only from the end of the search: before it, → moves the caret as in any field.
        const atEnd = event.currentTarget.selectionStart === event.currentTarget.value.length;
        if (!active || active.column === 1 || !atEnd) return;
        setActive({ ...active, column: 1 });
        break;
      }
      case 'ArrowLeft':
        if (active?.column !== 1) return;
        setActive({ ...active, column: 0 });
        break;
      case 'Enter': {
        const pair = rows[active?.index ?? 0];
        if (!pair) return;
        if (active?.column === 1) star(pair);
        else pick(pair);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  const onPanelKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close(true);
  };

  // Tab (or a click elsewhere) takes focus out of the popover: it closes behind it.
  const onPanelBlur = (event: ReactFocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next) && next !== buttonRef.current) close(false);
  };

  const onSearch = (next: string) => {
    setQuery(next);
    setActive(null);
  };
  const onFilter = (next: TPairFilter) => {
    setFilter(next);
    setActive(null);
  };

  const hasRows = rows.length > 0;
  const activeCell =
    isOpen && active && active.index <= rows.length - 1 ? cellId(active.index, active.column) : undefined;

  // The row the keys reach is scrolled into view (once per move: the mouse may scroll away after).
  useEffect(() => {
    if (activeCell) document.getElementById(activeCell)?.scrollIntoView({ block: 'nearest' });
  }, [activeCell]);

  return (
    <div className={styles.picker}>
      <span id={labelId} className="visually-hidden">
        {t('trade.chart.pair')}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-labelledby={`${labelId} ${labelId}-value`}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        aria-keyshortcuts="/"
        title={t('trade.picker.shortcut')}
        data-testid="pair-picker"
        onClick={() => (isOpen ? close(false) : open())}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && isOpen) close(true);
        }}
      >
        <span id={`${labelId}-value`}>{current ? displayPair(current.base, current.quote) : value}</span>
        <IconChevronDown size={16} className={styles.chevron} />
      </button>
      {isOpen ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label={t('trade.picker.title')}
          className={styles.panel}
          onKeyDown={onPanelKey}
          onBlur={onPanelBlur}
        >
          <div className={styles.sheetHeader}>
            <span className={styles.sheetTitle}>{t('trade.picker.title')}</span>
            <button
              type="button"
              className={styles.close}
              aria-label={t('trade.picker.close')}
              onClick={() => close(true)}
            >
              <IconX size={18} />
            </button>
          </div>
          <div className={styles.search}>
            <IconSearch size={16} className={styles.searchIcon} />
            <input
              ref={inputRef}
              type="text"
              role="combobox"
              className={styles.input}
              value={query}
              placeholder={t('trade.picker.search')}
              aria-label={t('trade.picker.search')}
              aria-expanded={hasRows}
              aria-controls={hasRows ? gridId : undefined}
              aria-haspopup="grid"
              aria-autocomplete="list"
              aria-activedescendant={activeCell}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="go"
              onChange={(event) => onSearch(event.target.value)}
              onKeyDown={onInputKey}
            />
          </div>
          <FilterTabs
            label={t('trade.picker.tabs')}
            tabs={PICKER_FILTERS.map((tab) => ({ value: tab, label: pairFilterText(tab) }))}
            value={filter}
            onChange={onFilter}
            controls={hasRows ? gridId : undefined}
            size="sm"
            className={styles.tabs}
          />
          <p id={statusId} className="visually-hidden" role="status">
            {tCount('trade.picker.count', rows.length, { count: rows.length })}
          </p>
          {hasRows ? (
            <div className={styles.listScroll}>
              <table
                id={gridId}
                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table may be a grid (ARIA in HTML); its rows and cells become the grid's.
                role="grid"
                aria-label={t('trade.picker.list')}
                className={styles.list}
                // A press in the list keeps focus (and the keys) in the search.
                onMouseDown={(event) => event.preventDefault()}
              >
                <tbody>
                  {rows.map((pair, index) => {
                    const name = displayPair(pair.base, pair.quote);
                    const price = prices?.[pair.key];
                    const isActive = active?.index === index;
                    return (
                      <tr
                        key={pair.symbol}
                        aria-selected={pair.symbol === value}
                        className={styles.row}
                        data-active={isActive || undefined}
                        data-symbol={pair.symbol}
                      >
                        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keys reach the cell through the search (aria-activedescendant). */}
                        <td
                          id={cellId(index, 0)}
                          className={styles.pairCell}
                          data-focused={(isActive && active?.column === 0) || undefined}
                          onClick={() => pick(pair)}
                        >
                          <span className={styles.pairLine}>
                            <span className={styles.name}>
                              <span className={styles.symbol}>{name}</span>
                              {pair.marketOpen ? null : (
                                <span className={styles.closed}>
                                  {pair.marketClosedReason
                                    ? translateServerMessage(pair.marketClosedReason)
                                    : t('trade.chart.marketClosed')}
                                </span>
                              )}
                            </span>
                            <span className={`${styles.price} tabular`}>
                              {formatPrice(price?.price, pair.pricePrecision)}
                            </span>
                            <PriceChange value={price?.change24h} className={styles.change} />
                          </span>
                        </td>
                        <td
                          id={cellId(index, 1)}
                          className={styles.starCell}
                          data-focused={(isActive && active?.column === 1) || undefined}
                        >
                          <FavoriteStar
                            tabIndex={-1}
                            className={styles.star}
                            isFavorite={pair.favorite}
                            label={t('trade.picker.favorite', { pair: name })}
                            title={
                              pair.favorite ? t('trade.picker.favoriteRemove') : t('trade.picker.favoriteAdd')
                            }
                            onToggle={() => star(pair)}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : (
            <p className={styles.empty}>
              {filter === 'favorites' && query.trim() === ''
                ? t('trade.picker.noFavorites')
                : t('trade.picker.noMatch', { query: query.trim() })}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
