// A step of sign-in that runs on its temporary token (the e-mailed code, the second factor): the
// step while this browser holds a valid one, else why there is none and the way back to log in.
import type { ReactNode } from 'react';
import { useTempToken } from '../hooks/use-temp-token';
import { AuthCard } from './auth-card';
import { LogInNext } from './back-to-login';

interface TTempTokenStepProps {
  type: 'email' | 'tfa';
  icon: ReactNode;
  title: string;
  /** The subtitle when the token's time ran out, and when no sign-in was started here. */
  expired: string;
  missing: string;
  /** How to get back to this step. */
  howTo: string;
  footer?: ReactNode;
  children: (tempToken: string) => ReactNode;
}

export function TempTokenStep({
  type,
  icon,
  title,
  expired,
  missing,
  howTo,
  footer,
  children,
}: TTempTokenStepProps) {
  const tempToken = useTempToken(type);
  if (tempToken.status === 'valid') return children(tempToken.token);
  return (
    <AuthCard
      icon={icon}
      title={title}
      subtitle={tempToken.status === 'expired' ? expired : missing}
      footer={footer}
    >
      <LogInNext note={howTo} />
    </AuthCard>
  );
}
