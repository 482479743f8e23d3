// The reset-password screen: the e-mailed code and a new password (the address too when opened
// directly), another code on request, and, within the cooling-off after two-factor is turned on,
// the choice to remove two-factor along with the reset.
import { ZResetPasswordRequest } from '@td/contracts/auth';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { IconLock } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { OtpField } from '../../../components/otp-field';
import { EmailField } from '../../../components/text-field';
import { PASSWORDS_DIFFER_MESSAGE, type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { t, translateServerMessage, useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useAppStore } from '../../../lib/store';
import { useForm } from '../../../lib/use-form';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { BackToLogin } from './back-to-login';
import { ResendCodeButton, withAddress } from './code-sent';

const FIELDS = ['email', 'code', 'password', 'confirmPassword'] as const;
type TResetField = (typeof FIELDS)[number];

type TResetValues = Record<TResetField, string>;

/** The contract's rules, plus the confirmation only the form asks for. */
function validate(values: TResetValues) {
  const { email, code, password, confirmPassword } = values;
  const parsed = ZResetPasswordRequest.safeParse({ email, code, password });
  const errors: TFieldErrors<TResetField> = parsed.success ? {} : zodFieldErrors(parsed.error);
  if (!confirmPassword) errors.confirmPassword = t('reset.confirmRequired');
  else if (confirmPassword !== password)
    errors.confirmPassword = translateServerMessage(PASSWORDS_DIFFER_MESSAGE);
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
  const navigate = useNavigate();
  const t = useT();
  // The cooling-off: within 24 hours of two-factor being turned on, the reset may remove it too.
  const [removeTwoFactor, setRemoveTwoFactor] = useState(false);
  const [removeError, setRemoveError] = useState<string | undefined>();

  const onSubmit = handleSubmit((request) =>
    reset.mutate(
      { ...request, ...(removeTwoFactor ? { removeTwoFactor: true } : {}) },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setTempEmail(null);
          void navigate(PATHS.login, { replace: true });
        },
        onError: (error) => {
          setRemoveError(serverFieldErrors<'removeTwoFactor'>(error).removeTwoFactor);
          showServerErrors(error);
        },
      },
    ),
  );

  return (
    <AuthCard
      icon={<IconLock size={22} />}
      title={t('reset.title')}
      subtitle={tempEmail ? withAddress('reset.subtitleTo', tempEmail) : t('reset.subtitle')}
      footer={<BackToLogin />}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {tempEmail ? null : <EmailField {...textField('email')} required />}
        <OtpField {...valueField('code')} label={t('verify.code')} autoFocus={Boolean(tempEmail)} />
        <NewPasswordFields
          password={{
            ...valueField('password'),
            label: t('reset.newPassword'),
          }}
          confirmation={{
            ...valueField('confirmPassword'),
            label: t('reset.confirmNew'),
          }}
        />
        <Checkbox
          name="removeTwoFactor"
          checked={removeTwoFactor}
          onChange={(event) => {
            setRemoveTwoFactor(event.target.checked);
            setRemoveError(undefined);
          }}
          error={removeError}
        >
          <span className={styles.checkLabel}>{t('reset.removeTfa')}</span>
          <span className={styles.checkHint}>{t('reset.removeTfaHint')}</span>
        </Checkbox>
        <Button type="submit" variant="primary" size="lg" isFullWidth isLoading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </form>
      <div className={styles.inlineActions}>
        <Link to={PATHS.forgotPassword}>{t('reset.otherEmail')}</Link>
        {/* Arriving from 'Forgot password', a code was just sent: the wait starts now. */}
        {tempEmail ? (
          <ResendCodeButton resend={resend} variables={{ email: tempEmail }} isRunningAtStart />
        ) : null}
      </div>
    </AuthCard>
  );
}
