// The app's main navigation tabs, as a row in the top bar or the fixed bottom bar of small screens,
// where the tabs that do not fit go under a last "More" tab.
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { usePressOutside } from '../lib/use-press-outside';
import styles from './nav-tabs.module.css';

export interface TNavTab {
  to: string;
  label: string;
  icon: ReactNode;
}

/** The tabs a phone's bottom bar has no room for, behind one "More" tab. */
export interface TMoreTabs {
  label: string;
  icon: ReactNode;
  tabs: readonly TNavTab[];
}

interface TNavTabsProps {
  tabs: readonly TNavTab[];
  /** 'top': a row of tabs in the top bar; 'bottom': the fixed tab bar of small screens. */
  placement: 'top' | 'bottom';
  /** Names the navigation landmark. */
  label: string;
  /** The rest of the tabs, under a last "More" tab (the bottom bar keeps five tabs at most). */
  more?: TMoreTabs;
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  [styles.tab, isActive ? styles.active : ''].filter(Boolean).join(' ');

/** The main navigation. NavLink marks the current tab with aria-current="page". */
export function NavTabs({ tabs, placement, label, more }: TNavTabsProps) {
  return (
    <nav aria-label={label} className={placement === 'top' ? styles.top : styles.bottom}>
      <ul className={styles.list}>
        {tabs.map((tab) => (
          <li key={tab.to} className={styles.item}>
            <NavLink to={tab.to} className={tabClass}>
              <span className={styles.icon}>{tab.icon}</span>
              <span className={styles.label}>{tab.label}</span>
            </NavLink>
          </li>
        ))}
        {more && more.tabs.length > 0 ? <MoreTab {...more} /> : null}
      </ul>
    </nav>
  );
}

const isUnder = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/**
 * "More": a disclosure button over a short list of the remaining tabs' links. It reads as the
 * current tab when one of them is; Escape and a click outside close it, Escape returns focus.
 */
function MoreTab({ label, icon, tabs }: TMoreTabs) {
  const [isOpen, setIsOpen] = useState(false);
  const { pathname } = useLocation();
  const panelId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const isCurrent = tabs.some((tab) => isUnder(pathname, tab.to));

  useEffect(() => {
    if (!isOpen) return;
    rootRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);
  usePressOutside(isOpen, [rootRef], () => setIsOpen(false));

  return (
    <li className={styles.item} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={tabClass({ isActive: isCurrent })}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        data-current={isCurrent || undefined}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className={styles.icon}>{icon}</span>
        <span className={styles.label}>{label}</span>
      </button>
      {isOpen ? (
        <ul id={panelId} className={styles.morePanel}>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) => [styles.moreLink, isActive ? styles.active : ''].join(' ')}
                onClick={() => setIsOpen(false)}
              >
                <span className={styles.icon}>{tab.icon}</span>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
