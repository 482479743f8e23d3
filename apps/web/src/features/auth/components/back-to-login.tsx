import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';

interface TBackToLoginProps {
  /** The question before the link, fitting the screen ('Remembered it?' on password reset). */
  prompt?: string;
}

/** The footer of the secondary authentication screens. */
export function BackToLogin({ prompt = 'Remembered it?' }: TBackToLoginProps) {
  return (
    <>
      {prompt} <Link to={PATHS.login}>Back to log in</Link>
    </>
  );
}
