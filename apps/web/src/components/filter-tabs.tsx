// A row of tabs that filter one list (pair type, status): the selected tab is the one Tab stop,
// and the arrow keys, Home and End move between tabs and select them.
import { type KeyboardEvent, useRef } from 'react';
import { itemRef, listKeyTarget } from '../lib/list-keys';
import styles from './filter-tabs.module.css';

export interface TFilterTab<TValue extends string> {
  value: TValue;
  label: string;
  /** A count or marker after the label. */
  badge?: string | number;
}

interface TFilterTabsProps<TValue extends string> {
  /** Names the tab list ('Pair type'). */
  label: string;
  tabs: readonly TFilterTab<TValue>[];
  value: TValue;
  onChange: (value: TValue) => void;
  /** The id of the element the tabs filter (the table or list), for aria-controls. */
  controls?: string;
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * Tabs that filter one list (WAI-ARIA tabs, automatic activation): Tab enters on the selected tab,
 * the arrow keys, Home and End move and select, so a keyboard user never tabs through every filter.
 */
export function FilterTabs<TValue extends string>({
  label,
  tabs,
  value,
  onChange,
  controls,
  size = 'md',
  className,
}: TFilterTabsProps<TValue>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.value === value);
    const next = listKeyTarget(event.key, index, tabs.length, true);
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.value);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      className={[styles.tabs, styles[size], className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab, index) => {
        const isSelected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={itemRef(refs, index)}
            type="button"
            role="tab"
            aria-selected={isSelected}
            aria-controls={controls}
            tabIndex={isSelected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
            {tab.badge !== undefined ? <span className={styles.badge}>{tab.badge}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
