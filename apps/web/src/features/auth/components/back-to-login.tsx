// The ways back to the login page from the authentication screens around it.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import styles from './auth-form.module.css';

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

interface TLogInNextProps {
  /** Why logging in is the way on from here. */
  note: ReactNode;
  /** The note is news to announce (it replaced the screen's progress). */
  isNoteAnnounced?: boolean;
  /** The button's words: 'Go to log in' unless the screen says otherwise. */
  label?: string;
}

/** A screen's end when only a new sign-in goes on: a note and the big button to the login page. */
export function LogInNext({ note, isNoteAnnounced = false, label }: TLogInNextProps) {
  const t = useT();
  return (
    <>
      <p className={styles.note} role={isNoteAnnounced ? 'status' : undefined}>
        {note}
      </p>
      <ButtonLink to={PATHS.login} variant="primary" size="lg" isFullWidth>
        {label ?? t('login.goTo')}
      </ButtonLink>
    </>
  );
}
