import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';

interface TBackToLoginProps {
  /** The question before the link, fitting the screen ('Remembered it?' on password reset). */
  prompt?: string;
}

/** The footer of the secondary authentication screens. */
export function BackToLogin({ prompt }: TBackToLoginProps) {
  const t = useT();
  return (
    <>
      {prompt ?? t('backToLogin.prompt')} <Link to={PATHS.login}>{t('backToLogin.link')}</Link>
    </>
  );
}
