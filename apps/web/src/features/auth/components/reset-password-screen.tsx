import { ZResetPasswordRequest } from '@td/contracts/auth';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { IconLock } from '../../../components/icons';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { OtpField } from '../../../components/otp-field';
import { EmailField } from '../../../components/text-field';
import { PASSWORDS_DIFFER_MESSAGE, type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { PATHS } from '../../../lib/paths';
import { useAppStore } from '../../../lib/store';
import { useForm } from '../../../lib/use-form';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { formatCooldown, RESEND_COOLDOWN_S, useCooldown } from '../hooks/use-cooldown';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { BackToLogin } from './back-to-login';

const FIELDS = ['email', 'code', 'password', 'confirmPassword'] as const;
type TResetField = (typeof FIELDS)[number];

type TResetValues = Record<TResetField, string>;

/** The contract's rules, plus the confirmation only the form asks for. */
function validate(values: TResetValues) {
  const { email, code, password, confirmPassword } = values;
  const parsed = ZResetPasswordRequest.safeParse({ email, code, password });
  const errors: TFieldErrors<TResetField> = parsed.success ? {} : zodFieldErrors(parsed.error);
  if (!confirmPassword) errors.confirmPassword = 'Confirm your new password';
  else if (confirmPassword !== password) errors.confirmPassword = PASSWORDS_DIFFER_MESSAGE;
  return { errors, request: parsed.success ? parsed.data : null };
}

export function ResetPasswordScreen() {
  const tempEmail = useAppStore((state) => state.tempEmail);
  const setTempEmail = useAppStore((state) => state.setTempEmail);
  // Arriving from 'Forgot password' the address is known; opened directly, the form asks for it.
  const { textField, valueField, handleSubmit, showServerErrors } = useForm({
    fields: FIELDS,
    initial: { email: tempEmail ?? '', code: '', password: '', confirmPassword: '' },
    validate,
  });
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const cooldown = useCooldown(RESEND_COOLDOWN_S, { isRunningAtStart: Boolean(tempEmail) });
  const navigate = useNavigate();

  const onSubmit = handleSubmit((request) =>
    reset.mutate(request, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setTempEmail(null);
        void navigate(PATHS.login, { replace: true });
      },
      onError: (error) => showServerErrors(error),
    }),
  );

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
        {tempEmail ? null : <EmailField {...textField('email')} required />}
        <OtpField {...valueField('code')} label="Verification code" autoFocus={Boolean(tempEmail)} />
        <NewPasswordFields
          password={{
            ...valueField('password'),
            label: 'New password',
          }}
          confirmation={{
            ...valueField('confirmPassword'),
            label: 'Confirm new password',
          }}
        />
        <Button type="submit" variant="primary" size="lg" isFullWidth isLoading={reset.isPending}>
          Reset password
        </Button>
      </form>
      <div className={styles.inlineActions}>
        <Link to={PATHS.forgotPassword}>Use a different email</Link>
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
