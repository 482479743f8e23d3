// The security screen's password card: the current password, then a new one (which must differ)
// typed twice. An account without a password (it signs in with Google) is told so instead.
import { type TUser, ZChangePasswordRequest } from '@td/contracts/profile';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import styles from '../../../components/form-layout.module.css';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { t, useT } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';
import { useChangePassword } from '../api/change-password';
import { CurrentPasswordField } from './proof-fields';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type TPasswordField = (typeof FIELDS)[number];
type TPasswordValues = Record<TPasswordField, string>;

const EMPTY: TPasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The contract's rules, plus a new password that differs and its confirmation. */
function validate(values: TPasswordValues) {
  const parsed = ZChangePasswordRequest.safeParse({
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
  });
  const errors: TFieldErrors<TPasswordField> = parsed.success ? {} : zodFieldErrors(parsed.error);
  if (!errors.newPassword && values.newPassword && values.newPassword === values.currentPassword) {
    errors.newPassword = t('security.password.sameError');
  }
  if (!values.confirmPassword) errors.confirmPassword = t('security.password.confirmError');
  else if (values.confirmPassword !== values.newPassword)
    errors.confirmPassword = t('security.password.differError');
  return { errors, request: parsed.success ? parsed.data : null };
}

export function ChangePasswordCard({ user }: { user: TUser }) {
  const t = useT();
  const { setValues, textField, valueField, handleSubmit, showServerErrors } = useForm({
    fields: FIELDS,
    initial: EMPTY,
    validate,
  });
  const changePassword = useChangePassword();

  const onSubmit = handleSubmit((request) =>
    changePassword.mutate(request, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setValues(EMPTY);
      },
      onError: (error) => showServerErrors(error),
    }),
  );

  return (
    <Card title={t('security.password.title')}>
      {user.hasPassword ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <p className={styles.intro}>{t('security.password.intro')}</p>
          <CurrentPasswordField email={user.email} {...textField('currentPassword')} required />
          <NewPasswordFields
            password={{
              ...valueField('newPassword'),
              label: t('security.password.new'),
            }}
            confirmation={{
              ...valueField('confirmPassword'),
              label: t('security.password.confirm'),
            }}
          />
          <div className={styles.footer}>
            <Button type="submit" variant="primary" isLoading={changePassword.isPending}>
              {t('security.password.submit')}
            </Button>
          </div>
        </form>
      ) : (
        <Callout title={t('security.password.googleTitle')}>{t('security.password.googleText')}</Callout>
      )}
    </Card>
  );
}
