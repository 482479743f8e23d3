// The signup screen: name, e-mail, password, an optional referral code (fixed when the user came
// through a referral link) and the terms, checked by the server's rules as typed; the token it
// earns then leads on as at login, first to e-mail verification.
import { ZSignupRequest } from '@td/contracts/auth';
import { normalizeEmail } from '@td/contracts/email';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IconGift, IconUserPlus } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { Checkbox } from '../../../components/checkbox';
import { NameFields } from '../../../components/name-fields';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { EmailField, TextField } from '../../../components/text-field';
import { PASSWORDS_DIFFER_MESSAGE, type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { t, tRich, translateServerMessage, useLanguage } from '../../../lib/i18n';
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
  if (!values.confirmPassword) errors.confirmPassword = t('signup.confirmRequired');
  else if (values.confirmPassword !== values.password)
    errors.confirmPassword = translateServerMessage(PASSWORDS_DIFFER_MESSAGE);
  if (!values.hasAcceptedTerms) errors.hasAcceptedTerms = t('signup.termsRequired');
  return { errors, request: parsed.success ? parsed.data : null };
}

export function SignupScreen() {
  const appName = useAppName();
  useLanguage();
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
    normalizedEmail && normalizedEmail !== values.email.trim().toLowerCase()
      ? tRich('signup.gmailDots', { email: normalizedEmail })
      : t('signup.emailHint');

  return (
    <AuthCard
      icon={<IconUserPlus size={22} />}
      title={t('signup.title')}
      subtitle={t('signup.subtitle', { app: appName })}
      footer={
        <>
          {t('signup.haveAccount')} <Link to={PATHS.login}>{t('signup.logIn')}</Link>
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
              {t('signup.withoutCode')}
            </Button>
          }
        >
          {tRich('signup.inviteInvalid', { code: invitedBy })}
        </Callout>
      ) : invitedBy ? (
        <p className={styles.invite}>
          <IconGift size={16} />
          <span>{tRich('signup.invitedBy', { code: invitedBy })}</span>
        </p>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <NameFields
          className={styles.row}
          first={{ ...textField('firstName'), label: t('field.firstName') }}
          last={{ ...textField('lastName'), label: t('field.lastName') }}
        />
        <EmailField {...textField('email')} autoComplete="email" hint={emailHint} required />
        <NewPasswordFields
          password={{
            ...valueField('password'),
            label: t('field.password'),
          }}
          confirmation={{
            ...valueField('confirmPassword'),
            label: t('field.confirmPassword'),
          }}
        />
        {invitedBy ? null : isReferralOpen ? (
          <TextField
            {...textField('referralCode')}
            label={t('signup.referral')}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => update('referralCode', event.target.value.toUpperCase())}
          />
        ) : (
          <button type="button" className={styles.linkButton} onClick={() => setIsReferralOpen(true)}>
            {t('signup.haveReferral')}
          </button>
        )}
        <Checkbox
          ref={register('hasAcceptedTerms')}
          name="terms"
          checked={values.hasAcceptedTerms}
          onChange={(event) => update('hasAcceptedTerms', event.target.checked)}
          error={errors.hasAcceptedTerms}
        >
          {tRich(
            'signup.terms',
            {},
            {
              terms: (text) => (
                <Link to={PATHS.terms} target="_blank" rel="noopener" className="text-link">
                  {text}
                </Link>
              ),
              privacy: (text) => (
                <Link to={PATHS.privacy} target="_blank" rel="noopener" className="text-link">
                  {text}
                </Link>
              ),
            },
          )}
        </Checkbox>
        <Button type="submit" variant="primary" size="lg" isFullWidth isLoading={signUp.isPending}>
          {t('signup.submit')}
        </Button>
      </form>
      <GoogleSignIn />
    </AuthCard>
  );
}
