// A menu behind a button, such as the account menu, with the keyboard behaviour of the WAI-ARIA
// menu pattern: arrows move, Escape closes and returns focus, a click outside closes it.
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useKeepInViewport } from '../lib/keep-in-viewport';
import { itemRef, listKeyTarget } from '../lib/list-keys';
import { usePressOutside } from '../lib/use-press-outside';
import styles from './dropdown-menu.module.css';

export interface TMenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  tone?: 'default' | 'danger';
}

interface TDropdownMenuProps {
  /** The name of the menu, and the start of the trigger button's name (what it shows follows). */
  label: string;
  /** What the trigger shows (an avatar, a name, a chevron). */
  trigger: ReactNode;
  /** An optional block above the items (who is signed in). */
  header?: ReactNode;
  items: readonly TMenuItem[];
  triggerClassName?: string;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter/Space/ArrowDown opens it and focuses the first
 * item, arrows move, Escape closes and returns focus to the trigger, a click outside closes it.
 */
export function DropdownMenu({ label, trigger, header, items, triggerClassName }: TDropdownMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  useKeepInViewport(menuRef, isOpen);

  useEffect(() => {
    if (isOpen) itemRefs.current[0]?.focus();
  }, [isOpen]);
  usePressOutside(isOpen, [rootRef], () => setIsOpen(false));

  const close = (returnFocus: boolean) => {
    setIsOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setIsOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = listKeyTarget(event.key, index, buttons.length);
    if (next !== null) {
      event.preventDefault();
      buttons[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={[styles.trigger, triggerClassName].filter(Boolean).join(' ')}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={onTriggerKeyDown}
      >
        {/* Named by its content, the label first: what it shows (a name) is part of its name. */}
        <span className="visually-hidden">{label}</span>
        {trigger}
      </button>
      {isOpen ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={styles.menu}
          onKeyDown={onMenuKeyDown}
        >
          {header ? (
            <div className={styles.header} role="presentation">
              {header}
            </div>
          ) : null}
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={itemRef(itemRefs, index)}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={[styles.item, item.tone === 'danger' ? styles.danger : ''].filter(Boolean).join(' ')}
              onClick={() => {
                close(false);
                item.onSelect();
              }}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
