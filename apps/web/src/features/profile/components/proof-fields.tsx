import type { TUser } from '@td/contracts/profile';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import {
  PasswordField,
  TextField,
  type TPasswordFieldProps,
  type TTextFieldProps,
} from '../../../components/text-field';
import { hasFieldErrors, type TFieldErrors } from '../../../lib/form-errors';
import { t as translate, useT } from '../../../lib/i18n';
import { useSendSecurityCode } from '../api/security-code';
import styles from './credentials-card.module.css';

/** The proof beyond the session a change of who controls the account sends (the server's names). */
export type TProofField = 'currentPassword' | 'emailCode' | 'tfaCode';
type TProofValues = Record<TProofField, string>;
const EMPTY_PROOF: TProofValues = { currentPassword: '', emailCode: '', tfaCode: '' };

/**
 * The proof as the request body carries it: the password (an account with one) or the e-mailed
 * code, and the authenticator code when two-factor is on and `withTfa`. Empty fields are left out:
 * the server names the one that is missing.
 */
function proofBody(user: TUser, values: TProofValues, withTfa = true) {
  const trimmed = (value: string) => value.replace(/\s+/g, '');
  return {
    ...(user.hasPassword
      ? values.currentPassword
        ? { currentPassword: values.currentPassword }
        : {}
      : trimmed(values.emailCode)
        ? { emailCode: trimmed(values.emailCode) }
        : {}),
    ...(withTfa && user.tfaEnabled && trimmed(values.tfaCode) ? { tfaCode: trimmed(values.tfaCode) } : {}),
  };
}

/** Which proof fields are empty (so the form names them before asking the server). */
function missingProof(user: TUser, values: TProofValues, withTfa = true): TFieldErrors<TProofField> {
  return {
    ...(user.hasPassword && !values.currentPassword
      ? { currentPassword: translate('security.proof.passwordMissing') }
      : {}),
    ...(!user.hasPassword && !values.emailCode.trim()
      ? { emailCode: translate('security.proof.emailCodeMissing') }
      : {}),
    ...(withTfa && user.tfaEnabled && !values.tfaCode.trim()
      ? { tfaCode: translate('security.proof.tfaCodeMissing') }
      : {}),
  };
}

export interface TProofFieldsProps {
  user: TUser;
  values: TProofValues;
  errors: TFieldErrors<TProofField>;
  onChange: (field: TProofField, value: string) => void;
  withTfa?: boolean;
}

/**
 * The proof a form asks for, and the errors of all the form's fields (its own `TField`s too). A
 * proof field that changes loses its error (from the last check or the server) until the next
 * submit; `fields` goes to ProofFields.
 */
export function useProof<TField extends string = never>(user: TUser, withTfa = true) {
  const [values, setValues] = useState<TProofValues>(EMPTY_PROOF);
  const [errors, setErrors] = useState<TFieldErrors<TField | TProofField>>({});
  return {
    errors,
    setErrors,
    /** The proof as the request body carries it. */
    body: proofBody(user, values, withTfa),
    /** Shows the form's own errors and the empty proof fields; whether the form may be sent. */
    check: (found: TFieldErrors<TField | TProofField>) => {
      const all = { ...found, ...missingProof(user, values, withTfa) };
      setErrors(all);
      return !hasFieldErrors(all);
    },
    /** Empty fields and no errors, as when the form first opened. */
    reset: () => {
      setValues(EMPTY_PROOF);
      setErrors({});
    },
    fields: {
      user,
      values,
      errors,
      withTfa,
      onChange: (field: TProofField, value: string) => {
        setValues((current) => ({ ...current, [field]: value }));
        if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
      },
    },
  };
}

/**
 * The fields of that proof: the current password, or (an account without one, e.g. made with
 * Google) a button that mails a code and the field for it; and the authenticator code when
 * two-factor is on and `withTfa`. Each shows its own error, from the form or the server's 400.
 */
export function ProofFields({ user, values, errors, onChange, withTfa = true }: TProofFieldsProps) {
  const t = useT();
  const send = useSendSecurityCode();
  return (
    <>
      {user.hasPassword ? (
        <CurrentPasswordField
          email={user.email}
          name="currentPassword"
          value={values.currentPassword}
          onChange={(event) => onChange('currentPassword', event.target.value)}
          error={errors.currentPassword}
        />
      ) : (
        <div className={styles.emailCode}>
          <p className={styles.emailCodeText}>{t('security.proof.emailCodeIntro', { email: user.email })}</p>
          <Button
            size="sm"
            variant="secondary"
            isLoading={send.isPending}
            onClick={() =>
              send.mutate(undefined, {
                onSuccess: ({ message }) => toast.success(message || t('security.proof.codeSent')),
              })
            }
          >
            {send.isSuccess ? t('security.proof.sendAgain') : t('security.proof.sendCode')}
          </Button>
          <TextField
            label={t('security.proof.emailCode')}
            name="emailCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            maxLength={12}
            value={values.emailCode}
            onChange={(event) => onChange('emailCode', event.target.value)}
            error={errors.emailCode}
          />
        </div>
      )}
      {withTfa && user.tfaEnabled ? (
        <AuthenticatorCodeField
          label={t('security.proof.tfaCode')}
          name="tfaCode"
          value={values.tfaCode}
          onChange={(event) => onChange('tfaCode', event.target.value)}
          error={errors.tfaCode}
          hint={t('security.proof.tfaCodeHint')}
        />
      ) : null}
    </>
  );
}

/**
 * The current password, after the account's address (hidden): password managers tie the password,
 * and a new one chosen in the same form, to the right account.
 */
export function CurrentPasswordField({
  email,
  ...props
}: Omit<TPasswordFieldProps, 'label' | 'autoComplete'> & { email: string }) {
  const t = useT();
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField label={t('security.password.current')} autoComplete="current-password" {...props} />
    </>
  );
}

/** A code from the authenticator app, or a recovery code (letters too): as typed, never corrected. */
export function AuthenticatorCodeField(props: TTextFieldProps) {
  return (
    <TextField
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="123456"
      {...props}
    />
  );
}
