import { ZSignupRequest } from '@td/contracts/auth';
import { normalizeEmail } from '@td/contracts/email';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Checkbox } from '../../../components/checkbox';
import { IconGift, IconUserPlus } from '../../../components/icons';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { TextField } from '../../../components/text-field';
import {
  hasFieldErrors,
  PASSWORDS_DIFFER_MESSAGE,
  serverFieldErrors,
  type TFieldErrors,
  zodFieldErrors,
} from '../../../lib/form-errors';
import { useSignUp } from '../api/sign-up';
import { useStartSession } from '../hooks/use-start-session';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { GoogleSignIn } from './google-sign-in';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'referralCode',
  'hasAcceptedTerms',
] as const;
type TSignupField = (typeof FIELDS)[number];

interface TSignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  referralCode: string;
  hasAcceptedTerms: boolean;
}

const CONFIRM_REQUIRED_MESSAGE = 'Confirm your password';
const TERMS_REQUIRED_MESSAGE = 'Accept the terms to open an account';

/** The same rules as the server (ZSignupRequest), plus the two that only the form knows. */
function validate(values: TSignupValues) {
  const parsed = ZSignupRequest.safeParse({
    email: values.email,
    password: values.password,
    firstName: values.firstName,
    lastName: values.lastName,
    referralCode: values.referralCode.trim() || undefined,
  });
  const errors: TFieldErrors<TSignupField> = parsed.success ? {} : zodFieldErrors(parsed.error);
  if (!values.confirmPassword) errors.confirmPassword = CONFIRM_REQUIRED_MESSAGE;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_DIFFER_MESSAGE;
  if (!values.hasAcceptedTerms) errors.hasAcceptedTerms = TERMS_REQUIRED_MESSAGE;
  return { errors, request: parsed.success ? parsed.data : null };
}

export function SignupScreen() {
  const [searchParams] = useSearchParams();
  // A referral link is /authentication/signup?ref=CODE: the code travels with the signup, read-only.
  const linkCode = searchParams.get('ref')?.trim().toUpperCase().slice(0, 20) || null;
  // The user may go on without a code the server refused (a mistyped or expired link).
  const [invitedBy, setInvitedBy] = useState(linkCode);
  const [values, setValues] = useState<TSignupValues>({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
    referralCode: linkCode ?? '',
    hasAcceptedTerms: false,
  });
  const [errors, setErrors] = useState<TFieldErrors<TSignupField>>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [isReferralOpen, setIsReferralOpen] = useState(false);
  const fieldRefs = useRef<Partial<Record<TSignupField, HTMLInputElement | null>>>({});
  const signUp = useSignUp();
  const startSession = useStartSession();

  const register = (field: TSignupField) => (element: HTMLInputElement | null) => {
    fieldRefs.current[field] = element;
  };

  const update = <TKey extends keyof TSignupValues>(field: TKey, value: TSignupValues[TKey]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, messages follow the typing, so a fixed field clears at once.
    if (hasSubmitted) setErrors(validate(next).errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setHasSubmitted(true);
    const { errors: found, request } = validate(values);
    setErrors(found);
    if (hasFieldErrors(found) || !request) {
      const first = FIELDS.find((field) => found[field]);
      if (first === 'referralCode') setIsReferralOpen(true);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    signUp.mutate(request, {
      onSuccess: ({ data, message }) => {
        toast.success(message);
        startSession({ token: data.token, message, email: request.email });
      },
      // The server's rules win: its field messages land under their fields (the toast says the rest).
      onError: (error) => setErrors((current) => ({ ...current, ...serverFieldErrors<TSignupField>(error) })),
    });
  };

  const normalizedEmail = values.email.includes('@') ? normalizeEmail(values.email) : '';
  const emailHint =
    normalizedEmail && normalizedEmail !== values.email.trim().toLowerCase() ? (
      <>
        Gmail ignores dots: your account will use <strong>{normalizedEmail}</strong>.
      </>
    ) : (
      'A Gmail, Yahoo, Hotmail or Outlook address. We will send a code to confirm it.'
    );

  return (
    <AuthCard
      icon={<IconUserPlus size={22} />}
      title="Create your account"
      subtitle="Open a Trading Desk account with a demo balance to practise on, and trade for real when you are ready."
      footer={
        <>
          Already have an account? <Link to="/authentication/login">Log in</Link>
        </>
      }
    >
      {invitedBy && errors.referralCode ? (
        <Callout
          tone="danger"
          title={errors.referralCode}
          role="alert"
          action={
            <Button
              size="sm"
              onClick={() => {
                setInvitedBy(null);
                setValues((current) => ({ ...current, referralCode: '' }));
                setErrors((current) => ({ ...current, referralCode: undefined }));
              }}
            >
              Sign up without a code
            </Button>
          }
        >
          The invitation code <strong>{invitedBy}</strong> from your link cannot be used.
        </Callout>
      ) : invitedBy ? (
        <p className={styles.invite}>
          <IconGift size={16} />
          <span>
            Invited by code <strong>{invitedBy}</strong>
          </span>
        </p>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.row}>
          <TextField
            ref={register('firstName')}
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(event) => update('firstName', event.target.value)}
            error={errors.firstName}
            required
          />
          <TextField
            ref={register('lastName')}
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(event) => update('lastName', event.target.value)}
            error={errors.lastName}
            required
          />
        </div>
        <TextField
          ref={register('email')}
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@gmail.com"
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
          error={errors.email}
          hint={emailHint}
          required
        />
        <NewPasswordFields
          password={{
            ref: register('password'),
            name: 'password',
            label: 'Password',
            value: values.password,
            onChange: (value) => update('password', value),
            error: errors.password,
          }}
          confirmation={{
            ref: register('confirmPassword'),
            name: 'confirmPassword',
            label: 'Confirm password',
            value: values.confirmPassword,
            onChange: (value) => update('confirmPassword', value),
            error: errors.confirmPassword,
          }}
        />
        {invitedBy ? null : isReferralOpen ? (
          <TextField
            ref={register('referralCode')}
            label="Referral code (optional)"
            name="referralCode"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            value={values.referralCode}
            onChange={(event) => update('referralCode', event.target.value.toUpperCase())}
            error={errors.referralCode}
          />
        ) : (
          <button type="button" className={styles.linkButton} onClick={() => setIsReferralOpen(true)}>
            Have a referral code?
          </button>
        )}
        <Checkbox
          ref={register('hasAcceptedTerms')}
          name="terms"
          checked={values.hasAcceptedTerms}
          onChange={(event) => update('hasAcceptedTerms', event.target.checked)}
          error={errors.hasAcceptedTerms}
        >
          I accept the Terms of Use and the Privacy Policy, and I understand that trading leveraged products
          carries a high risk of losing money.
        </Checkbox>
        <Button type="submit" variant="primary" size="lg" isFullWidth isLoading={signUp.isPending}>
          Create account
        </Button>
      </form>
      <GoogleSignIn />
    </AuthCard>
  );
}
