import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import styles from './nav-tabs.module.css';

export interface TNavTab {
  to: string;
  label: string;
  icon: ReactNode;
}

interface TNavTabsProps {
  tabs: readonly TNavTab[];
  /** 'top': a row of tabs in the top bar; 'bottom': the fixed tab bar of small screens. */
  placement: 'top' | 'bottom';
  /** Names the navigation landmark. */
  label: string;
}

/** The main navigation. NavLink marks the current tab with aria-current="page". */
export function NavTabs({ tabs, placement, label }: TNavTabsProps) {
  return (
    <nav aria-label={label} className={placement === 'top' ? styles.top : styles.bottom}>
      <ul className={styles.list}>
        {tabs.map((tab) => (
          <li key={tab.to} className={styles.item}>
            <NavLink
              to={tab.to}
              className={({ isActive }) =>
                [styles.tab, isActive ? styles.active : ''].filter(Boolean).join(' ')
              }
            >
              <span className={styles.icon}>{tab.icon}</span>
              <span className={styles.label}>{tab.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
