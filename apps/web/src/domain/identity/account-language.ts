import { useEffect } from 'react';
import { applyLanguage, currentLanguage, hasLanguagePick } from '../../lib/i18n';
import { useProfile } from './get-profile';

/**
 * On a browser where no language was picked, the signed-in screens speak the account's language
 * (the one its e-mails are written in), not only the browser's preference.
 */
export function useAccountLanguage(): void {
  const language = useProfile().data?.language;
  useEffect(() => {
    if (language && !hasLanguagePick() && language !== currentLanguage()) void applyLanguage(language);
  }, [language]);
}
