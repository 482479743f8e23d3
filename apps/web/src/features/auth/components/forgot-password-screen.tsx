// The Forgot password screen: takes the e-mail address, asks the server to send a reset code,
// and goes on to the reset screen with the address kept in the store rather than the URL.
import { ZForgotPasswordRequest } from '@td/contracts/auth';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { IconKey } from '../../../components/icons';
import { EmailField } from '../../../components/text-field';
import { zodFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useAppStore } from '../../../lib/store';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { BackToLogin } from './back-to-login';

export function ForgotPasswordScreen() {
  const tempEmail = useAppStore((state) => state.tempEmail);
  const setTempEmail = useAppStore((state) => state.setTempEmail);
  const [email, setEmail] = useState(tempEmail ?? '');
  const [error, setError] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);
  const forgotPassword = useForgotPassword();
  const navigate = useNavigate();
  const t = useT();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZForgotPasswordRequest.safeParse({ email });
    if (!parsed.success) {
      setError(zodFieldErrors<'email'>(parsed.error).email);
      emailRef.current?.focus();
      return;
    }
    setError(undefined);
    forgotPassword.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        toast.success(message);
        // The reset step needs the address again; it travels in the store, not the URL.
        setTempEmail(parsed.data.email);
        void navigate(PATHS.resetPassword);
      },
    });
  };

  return (
    <AuthCard
      icon={<IconKey size={22} />}
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={<BackToLogin />}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <EmailField
          ref={emailRef}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
          required
        />
        <Button type="submit" variant="primary" size="lg" isFullWidth isLoading={forgotPassword.isPending}>
          {t('forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
