import { type TUser, ZChangePasswordRequest } from '@td/contracts/profile';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import styles from '../../../components/form-layout.module.css';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/text-field';
import { PASSWORDS_DIFFER_MESSAGE, type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { useForm } from '../../../lib/use-form';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type TPasswordField = (typeof FIELDS)[number];
type TPasswordValues = Record<TPasswordField, string>;

const EMPTY: TPasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const SAME_PASSWORD_MESSAGE = 'Choose a password different from your current one';

/** The contract's rules, plus a new password that differs and its confirmation. */
function validate(values: TPasswordValues) {
  const parsed = ZChangePasswordRequest.safeParse({
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
  });
  const errors: TFieldErrors<TPasswordField> = parsed.success ? {} : zodFieldErrors(parsed.error);
  if (!errors.newPassword && values.newPassword && values.newPassword === values.currentPassword) {
    errors.newPassword = SAME_PASSWORD_MESSAGE;
  }
  if (!values.confirmPassword) errors.confirmPassword = 'Confirm your new password';
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORDS_DIFFER_MESSAGE;
  return { errors, request: parsed.success ? parsed.data : null };
}

export function ChangePasswordCard({ user }: { user: TUser }) {
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
    <Card title="Password">
      {user.hasPassword ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <p className={styles.intro}>Changing your password signs you out on every other device.</p>
          {/* Lets password managers tie the new password to the right account. */}
          <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <PasswordField
            {...textField('currentPassword')}
            label="Current password"
            autoComplete="current-password"
            required
          />
          <NewPasswordFields
            password={{
              ...valueField('newPassword'),
              label: 'New password',
            }}
            confirmation={{
              ...valueField('confirmPassword'),
              label: 'Confirm new password',
            }}
          />
          <div className={styles.footer}>
            <Button type="submit" variant="primary" isLoading={changePassword.isPending}>
              Change password
            </Button>
          </div>
        </form>
      ) : (
        <Callout title="You sign in with Google">
          Your account has no password yet. To set one, log out and use ‘Forgot password?’ on the login
          screen: we will email you a code to choose it.
        </Callout>
      )}
    </Card>
  );
}
