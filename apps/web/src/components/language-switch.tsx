import { applyLanguage, LANGUAGE_NAMES, LANGUAGES, type TLanguage, useLanguage, useT } from '../lib/i18n';
import styles from './language-switch.module.css';

/**
 * Picks the app's language (kept in this browser); until then the browser's preference decides.
 * `onPick` hears of a pick (a signed-in screen keeps it as the account's language too).
 */
export function LanguageSwitch({ onPick }: { onPick?: (language: TLanguage) => void }) {
  const language = useLanguage();
  const t = useT();
  return (
    <label className={styles.switch}>
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        className={styles.select}
        value={language}
        onChange={(event) => {
          const picked = event.target.value as TLanguage;
          void applyLanguage(picked, { isPick: true });
          onPick?.(picked);
        }}
      >
        {LANGUAGES.map((each) => (
          <option key={each} value={each} lang={each}>
            {LANGUAGE_NAMES[each]}
          </option>
        ))}
      </select>
    </label>
  );
}
