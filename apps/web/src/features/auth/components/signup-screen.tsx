import { ZSignupRequest } from '@td/contracts/auth';
import { normalizeEmail } from '@td/contracts/email';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Checkbox } from '../../../components/checkbox';
import { IconGift, IconUserPlus } from '../../../components/icons';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { EmailField, TextField } from '../../../components/text-field';
import { PASSWORDS_DIFFER_MESSAGE, type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { PATHS } from '../../../lib/paths';
import { useAppName } from '../../../lib/settings';
import { useForm } from '../../../lib/use-form';
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
  const appName = useAppName();
  const [searchParams] = useSearchParams();
  // A referral link is /authentication/signup?ref=CODE: the code travels with the signup, read-only.
  const linkCode = searchParams.get('ref')?.trim().toUpperCase().slice(0, 20) || null;
  // The user may go on without a code the server refused (a mistyped or expired link).
  const [invitedBy, setInvitedBy] = useState(linkCode);
  const [isReferralOpen, setIsReferralOpen] = useState(false);
  const {
    values,
    setValues,
    errors,
    setErrors,
    update,
    register,
    textField,
    valueField,
    handleSubmit,
    showServerErrors,
  } = useForm({
    fields: FIELDS,
    initial: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      referralCode: linkCode ?? '',
      hasAcceptedTerms: false,
    },
    validate,
    isRevalidatedWhileTyping: true,
    onFirstError: (field) => {
      if (field === 'referralCode') setIsReferralOpen(true);
    },
  });
  const signUp = useSignUp();
  const startSession = useStartSession();

  const onSubmit = handleSubmit((request) =>
    signUp.mutate(request, {
      // No toast yet: the account is not usable until its e-mail is verified, which says so.
      onSuccess: ({ data, message }) => startSession({ token: data.token, message, email: request.email }),
      // The server's rules win: its field messages land under their fields (the toast says the rest).
      onError: (error) => showServerErrors(error, { isMerged: true }),
    }),
  );

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
      subtitle={`Open a ${appName} account with a demo balance to practise on, and trade for real when you are ready.`}
      footer={
        <>
          Already have an account? <Link to={PATHS.login}>Log in</Link>
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
          <TextField {...textField('firstName')} label="First name" autoComplete="given-name" required />
          <TextField {...textField('lastName')} label="Last name" autoComplete="family-name" required />
        </div>
        <EmailField {...textField('email')} autoComplete="email" hint={emailHint} required />
        <NewPasswordFields
          password={{
            ...valueField('password'),
            label: 'Password',
          }}
          confirmation={{
            ...valueField('confirmPassword'),
            label: 'Confirm password',
          }}
        />
        {invitedBy ? null : isReferralOpen ? (
          <TextField
            {...textField('referralCode')}
            label="Referral code (optional)"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => update('referralCode', event.target.value.toUpperCase())}
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
          I accept the{' '}
          <Link to={PATHS.terms} target="_blank" rel="noopener">
            Terms of Use
          </Link>{' '}
          and the{' '}
          <Link to={PATHS.privacy} target="_blank" rel="noopener">
            Privacy Policy
          </Link>
          , and I understand that trading leveraged products carries a high risk of losing money.
        </Checkbox>
        <Button type="submit" variant="primary" size="lg" isFullWidth isLoading={signUp.isPending}>
          Create account
        </Button>
      </form>
      <GoogleSignIn />
    </AuthCard>
  );
}
