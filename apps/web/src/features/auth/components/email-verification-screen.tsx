import { ZVerifyEmailRequest } from '@td/contracts/auth';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { IconMail } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { Callout } from '../../../components/callout';
import { OtpField } from '../../../components/otp-field';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { tRich, translateServerMessage, useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useSettings } from '../../../lib/settings';
import { clearTempSession, useAppStore } from '../../../lib/store';
import { useResendVerificationEmail } from '../api/resend-verification-email';
import { useVerifyEmailCode } from '../api/verify-email-code';
import { useVerifyEmailLink } from '../api/verify-email-link';
import { useSessionCodeField, useStartSession } from '../hooks/use-start-session';
import { useTempToken } from '../hooks/use-temp-token';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { BackToLogin, LogInNext } from './back-to-login';
import { ResendCodeButton, withAddress } from './code-sent';
import { TempTokenStep } from './temp-token-step';

/** The server's outbox page, where a development server without SMTP keeps the mails it sends. */
const OUTBOX_PAGE = '/dev/outbox';

/**
 * On a development server without SMTP, where the verification e-mail is to be read: nothing is
 * sent, the server keeps the mail on its outbox page (opened in a tab of its own, so this form stays).
 */
function OutboxNote() {
  const t = useT();
  if (!useSettings('general').isMailInOutbox) return null;
  return (
    <Callout tone="info" title={t('verify.outbox.title')}>
      {tRich(
        'verify.outbox.body',
        {},
        {
          link: (text) => (
            <a href={OUTBOX_PAGE} target="_blank" rel="noopener" className="text-link">
              {text}
            </a>
          ),
        },
      )}
    </Callout>
  );
}

/**
 * The 6-digit code form, on the temporary `email` token from signup or sign-in: the code that
 * verifies a new address, or the one that confirms a sign-in from a new address after repeated
 * wrong passwords (the server knows which; the screen is the same).
 */
function CodeEntry({ tempToken }: { tempToken: string }) {
  const tempEmail = useAppStore((state) => state.tempEmail);
  const verify = useVerifyEmailCode();
  const resend = useResendVerificationEmail();
  const entry = useSessionCodeField(ZVerifyEmailRequest, verify, tempToken);
  const t = useT();

  return (
    <AuthCard
      icon={<IconMail size={22} />}
      title={t('verify.title')}
      subtitle={tempEmail ? withAddress('verify.sentTo', tempEmail) : t('verify.sent')}
      footer={
        <>
          {t('verify.wrongAddress')}{' '}
          {/* A new sign-up starts clean: the pending one (its address and token) is dropped. */}
          <Link to={PATHS.signup} onClick={clearTempSession}>
            {t('verify.signUpAgain')}
          </Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={entry.onSubmit} noValidate>
        <OtpField
          label={t('verify.code')}
          {...entry.field}
          hint={t('verify.hint')}
          disabled={verify.isPending}
          autoFocus
        />
        <Button type="submit" variant="primary" size="lg" isFullWidth isLoading={verify.isPending}>
          {t('verify.submit')}
        </Button>
      </form>
      <OutboxNote />
      <div className={styles.inlineActions}>
        <span>{t('verify.spam')}</span>
        {/* A code was sent just before this screen opened (signup or sign-in), so the wait starts now. */}
        <ResendCodeButton resend={resend} variables={tempToken} isRunningAtStart isAnnounced />
      </div>
    </AuthCard>
  );
}

/** The link from the e-mail: /authentication/emailVerification?token=… is verified at once. */
function LinkVerification({ linkToken }: { linkToken: string }) {
  const tempToken = useTempToken('email');
  const query = useVerifyEmailLink(linkToken, tempToken.status === 'valid' ? tempToken.token : undefined);
  const startSession = useStartSession();
  const [, setSearchParams] = useSearchParams();
  const resend = useResendVerificationEmail();
  const t = useT();
  // Strict mode runs effects twice in development; the session starts once.
  const hasStartedRef = useRef(false);

  useEffect(() => {
    const token = query.data?.data.token;
    if (!token || !query.data || hasStartedRef.current) return;
    hasStartedRef.current = true;
    startSession({ token, message: query.data.message });
  }, [query.data, startSession]);

  if (query.isError) {
    const reason = query.error instanceof ApiError ? query.error.message : undefined;
    const canResend = tempToken.status === 'valid';
    return (
      <AuthCard
        icon={<IconMail size={22} />}
        title={t('verify.link.title')}
        subtitle={t('verify.link.subtitle')}
        footer={<BackToLogin prompt={t('verify.link.verified')} />}
      >
        <Callout tone="danger" title={t('verify.link.failed')} role="alert">
          {reason === undefined ? t('verify.link.invalid') : translateServerMessage(reason)}
        </Callout>
        {canResend ? (
          <Button
            variant="primary"
            size="lg"
            isFullWidth
            isLoading={resend.isPending}
            onClick={() =>
              resend.mutate(tempToken.token, {
                onSuccess: ({ message }) => {
                  toast.success(message);
                  // Drop the dead link from the address: the screen switches to code entry.
                  setSearchParams({}, { replace: true });
                },
              })
            }
          >
            {t('verify.link.newCode')}
          </Button>
        ) : (
          <LogInNext note={t('verify.link.logInNote')} label={t('verify.link.logIn')} />
        )}
      </AuthCard>
    );
  }

  // Verified, but no session: the link alone does not show who chose the password.
  if (query.data && !query.data.data.token) {
    return (
      <AuthCard
        icon={<IconMail size={22} />}
        title={t('verify.link.verifiedTitle')}
        subtitle={t('verify.link.verifiedSubtitle')}
      >
        <LogInNext note={t('verify.link.signInNote')} isNoteAnnounced />
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={<IconMail size={22} />} title={t('verify.title')}>
      <div className={styles.status} role="status" aria-live="polite">
        <Spinner size={24} />
        <p>{query.data ? t('verify.link.done') : t('verify.link.checking')}</p>
      </div>
    </AuthCard>
  );
}

export function EmailVerificationScreen() {
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get('token');
  const t = useT();

  if (linkToken) return <LinkVerification linkToken={linkToken} />;
  return (
    <TempTokenStep
      type="email"
      icon={<IconMail size={22} />}
      title={t('verify.title')}
      expired={t('verify.expired')}
      missing={t('verify.missing')}
      howTo={t('verify.howTo')}
      footer={
        <>
          {t('verify.noAccount')} <Link to={PATHS.signup}>{t('verify.createOne')}</Link>
        </>
      }
    >
      {(tempToken) => <CodeEntry tempToken={tempToken} />}
    </TempTokenStep>
  );
}
