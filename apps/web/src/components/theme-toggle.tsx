import { useT } from '../lib/i18n';
import { useAppStore, useTheme } from '../lib/store';
import styles from './icon-button.module.css';
import { IconMoon, IconSun } from './icons';

/**
 * Switches between the dark and light theme; the choice is persisted with the store. Until the
 * first click, the theme follows the system's preference.
 */
export function ThemeToggle() {
  const theme = useTheme();
  const toggleTheme = useAppStore((state) => state.toggleTheme);
  const nextTheme = theme === 'dark' ? 'light' : 'dark';
  const t = useT();
  return (
    <button
      type="button"
      className={styles.iconButton}
      onClick={() => toggleTheme(theme)}
      aria-label={t('theme.toggle')}
      // The description tells what the click will do; the icon shows the same.
      title={t('theme.switch', { theme: nextTheme })}
    >
      {theme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
    </button>
  );
}
