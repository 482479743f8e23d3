import { type TUser, ZChangePasswordRequest } from '@td/contracts/profile';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Card } from '../../../components/card';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/text-field';
import {
  hasFieldErrors,
  PASSWORDS_DIFFER_MESSAGE,
  serverFieldErrors,
  type TFieldErrors,
  zodFieldErrors,
} from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';
import styles from './profile-forms.module.css';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type TPasswordField = (typeof FIELDS)[number];
type TPasswordValues = Record<TPasswordField, string>;

const EMPTY: TPasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const SAME_PASSWORD_MESSAGE = 'Choose a password different from your current one';

export function ChangePasswordCard({ user }: { user: TUser }) {
  const [values, setValues] = useState<TPasswordValues>(EMPTY);
  const [errors, setErrors] = useState<TFieldErrors<TPasswordField>>({});
  const fieldRefs = useRef<Partial<Record<TPasswordField, HTMLInputElement | null>>>({});
  const changePassword = useChangePassword();

  const register = (field: TPasswordField) => (element: HTMLInputElement | null) => {
    fieldRefs.current[field] = element;
  };

  const update = (field: TPasswordField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZChangePasswordRequest.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const found: TFieldErrors<TPasswordField> = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (!found.newPassword && values.newPassword && values.newPassword === values.currentPassword) {
      found.newPassword = SAME_PASSWORD_MESSAGE;
    }
    if (!values.confirmPassword) found.confirmPassword = 'Confirm your new password';
    else if (values.confirmPassword !== values.newPassword) found.confirmPassword = PASSWORDS_DIFFER_MESSAGE;
    setErrors(found);
    if (hasFieldErrors(found) || !parsed.success) {
      const first = FIELDS.find((field) => found[field]);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    changePassword.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setValues(EMPTY);
      },
      onError: (error) => setErrors(serverFieldErrors<TPasswordField>(error)),
    });
  };

  return (
    <Card title="Password">
      {user.hasPassword ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <p className={styles.intro}>Changing your password signs you out on every other device.</p>
          {/* Lets password managers tie the new password to the right account. */}
          <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <PasswordField
            ref={register('currentPassword')}
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(event) => update('currentPassword', event.target.value)}
            error={errors.currentPassword}
            required
          />
          <NewPasswordFields
            password={{
              ref: register('newPassword'),
              name: 'newPassword',
              label: 'New password',
              value: values.newPassword,
              onChange: (value) => update('newPassword', value),
              error: errors.newPassword,
            }}
            confirmation={{
              ref: register('confirmPassword'),
              name: 'confirmPassword',
              label: 'Confirm new password',
              value: values.confirmPassword,
              onChange: (value) => update('confirmPassword', value),
              error: errors.confirmPassword,
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
