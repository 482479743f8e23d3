import { ZResetPasswordRequest } from '@td/contracts/auth';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { IconLock } from '../../../components/icons';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { OtpField } from '../../../components/otp-field';
import { TextField } from '../../../components/text-field';
import {
  hasFieldErrors,
  PASSWORDS_DIFFER_MESSAGE,
  serverFieldErrors,
  type TFieldErrors,
  zodFieldErrors,
} from '../../../lib/form-errors';
import { useAppStore } from '../../../lib/store';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { formatCooldown, RESEND_COOLDOWN_S, useCooldown } from '../hooks/use-cooldown';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { BackToLogin } from './back-to-login';

const FIELDS = ['email', 'code', 'password', 'confirmPassword'] as const;
type TResetField = (typeof FIELDS)[number];

export function ResetPasswordScreen() {
  const tempEmail = useAppStore((state) => state.tempEmail);
  const setTempEmail = useAppStore((state) => state.setTempEmail);
  // Arriving from 'Forgot password' the address is known; opened directly, the form asks for it.
  const [email, setEmail] = useState(tempEmail ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<TFieldErrors<TResetField>>({});
  const fieldRefs = useRef<Partial<Record<TResetField, HTMLInputElement | null>>>({});
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const cooldown = useCooldown(RESEND_COOLDOWN_S, { isRunningAtStart: Boolean(tempEmail) });
  const navigate = useNavigate();

  const register = (field: TResetField) => (element: HTMLInputElement | null) => {
    fieldRefs.current[field] = element;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZResetPasswordRequest.safeParse({ email, code, password });
    const found: TFieldErrors<TResetField> = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (!confirmPassword) found.confirmPassword = 'Confirm your new password';
    else if (confirmPassword !== password) found.confirmPassword = PASSWORDS_DIFFER_MESSAGE;
    setErrors(found);
    if (hasFieldErrors(found) || !parsed.success) {
      const first = FIELDS.find((field) => found[field]);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    reset.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setTempEmail(null);
        void navigate('/authentication/login', { replace: true });
      },
      onError: (error) => setErrors(serverFieldErrors<TResetField>(error)),
    });
  };

  const onResend = () => {
    if (!tempEmail) return;
    resend.mutate(
      { email: tempEmail },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          cooldown.start();
        },
      },
    );
  };

  return (
    <AuthCard
      icon={<IconLock size={22} />}
      title="Set a new password"
      subtitle={
        tempEmail ? (
          <>
            Enter the verification code we sent to <span className={styles.recipient}>{tempEmail}</span> and
            choose a new password.
          </>
        ) : (
          'Enter the verification code from your email and choose a new password.'
        )
      }
      footer={<BackToLogin />}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {tempEmail ? null : (
          <TextField
            ref={register('email')}
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="you@gmail.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
            required
          />
        )}
        <OtpField
          ref={register('code')}
          label="Verification code"
          name="code"
          value={code}
          onChange={setCode}
          error={errors.code}
          autoFocus={Boolean(tempEmail)}
        />
        <NewPasswordFields
          password={{
            ref: register('password'),
            name: 'password',
            label: 'New password',
            value: password,
            onChange: setPassword,
            error: errors.password,
          }}
          confirmation={{
            ref: register('confirmPassword'),
            name: 'confirmPassword',
            label: 'Confirm new password',
            value: confirmPassword,
            onChange: setConfirmPassword,
            error: errors.confirmPassword,
          }}
        />
        <Button type="submit" variant="primary" size="lg" isFullWidth isLoading={reset.isPending}>
          Reset password
        </Button>
      </form>
      <div className={styles.inlineActions}>
        <Link to="/authentication/forgotPassword">Use a different email</Link>
        {tempEmail ? (
          <button
            type="button"
            className={styles.linkButton}
            onClick={onResend}
            disabled={cooldown.isCoolingDown || resend.isPending}
          >
            {cooldown.isCoolingDown
              ? `Resend code in ${formatCooldown(cooldown.secondsLeft)}`
              : 'Resend code'}
          </button>
        ) : null}
      </div>
    </AuthCard>
  );
}
