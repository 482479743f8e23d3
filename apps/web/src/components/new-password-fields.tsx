// The fields for choosing a password, shared by sign-up, reset and change: the new password with
// its strength meter and its confirmation, so browsers offer to generate and save it alike.
import { newPasswordProblem } from '@td/contracts/password';
import { type Ref, useId } from 'react';
import { useCommonPasswords } from '../lib/common-passwords';
import { PasswordStrengthMeter } from './password-strength-meter';
import { PasswordField } from './text-field';

interface TNewPasswordField {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** The props of the field of one of the two passwords. */
const passwordFieldProps = (field: TNewPasswordField) => ({
  ref: field.ref,
  label: field.label,
  name: field.name,
  value: field.value,
  onChange: (event: { target: { value: string } }) => field.onChange(event.target.value),
  error: field.error,
});

/**
 * A new password, its strength meter and its confirmation: the same pair wherever a password is
 * chosen (sign-up, reset, change), so browsers offer to generate and save it alike everywhere.
 */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: TNewPasswordField;
  confirmation: TNewPasswordField;
}) {
  const meterId = useId();
  const common = useCommonPasswords(password.value !== '');
  const problem = password.value === '' ? undefined : newPasswordProblem(password.value, common);
  return (
    <>
      <PasswordField
        {...passwordFieldProps(password)}
        autoComplete="new-password"
        aria-describedby={meterId}
        required
      />
      <PasswordStrengthMeter password={password.value} problem={problem} id={meterId} />
      <PasswordField {...passwordFieldProps(confirmation)} autoComplete="new-password" required />
    </>
  );
}
