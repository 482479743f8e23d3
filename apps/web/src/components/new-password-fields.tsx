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
        ref={password.ref}
        label={password.label}
        name={password.name}
        autoComplete="new-password"
        value={password.value}
        onChange={(event) => password.onChange(event.target.value)}
        error={password.error}
        aria-describedby={meterId}
        required
      />
      <PasswordStrengthMeter password={password.value} problem={problem} id={meterId} />
      <PasswordField
        ref={confirmation.ref}
        label={confirmation.label}
        name={confirmation.name}
        autoComplete="new-password"
        value={confirmation.value}
        onChange={(event) => confirmation.onChange(event.target.value)}
        error={confirmation.error}
        required
      />
    </>
  );
}
