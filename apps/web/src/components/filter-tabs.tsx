import { type KeyboardEvent, useRef } from 'react';
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
    let next: number | null = null;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
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
            ref={(element) => {
              refs.current[index] = element;
            }}
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
