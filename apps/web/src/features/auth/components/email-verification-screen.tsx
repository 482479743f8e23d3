import { ZVerifyEmailRequest } from '@td/contracts/auth';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { IconMail } from '../../../components/app-icons';
import { Button, ButtonLink } from '../../../components/button';
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
import { formatCooldown, RESEND_COOLDOWN_S, useCooldown } from '../hooks/use-cooldown';
import { useSessionCodeField, useStartSession } from '../hooks/use-start-session';
import { useTempToken } from '../hooks/use-temp-token';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { BackToLogin } from './back-to-login';

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
  // A code was sent just before this screen opened (signup or sign-in), so the wait starts now.
  const cooldown = useCooldown(RESEND_COOLDOWN_S, { isRunningAtStart: true });

  const entry = useSessionCodeField(ZVerifyEmailRequest, verify, tempToken);
  const t = useT();

  const onResend = () => {
    resend.mutate(tempToken, {
      onSuccess: ({ message }) => {
        toast.success(message);
        cooldown.start();
      },
    });
  };

  return (
    <AuthCard
      icon={<IconMail size={22} />}
      title={t('verify.title')}
      subtitle={
        tempEmail
          ? tRich(
              'verify.sentTo',
              { email: tempEmail },
              {
                strong: (text) => <span className={styles.recipient}>{text}</span>,
              },
            )
          : t('verify.sent')
      }
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
        <button
          type="button"
          className={styles.linkButton}
          onClick={onResend}
          disabled={cooldown.isCoolingDown || resend.isPending}
          aria-live="polite"
        >
          {cooldown.isCoolingDown
            ? t('verify.resendIn', { time: formatCooldown(cooldown.secondsLeft) })
            : t('verify.resend')}
        </button>
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
          <>
            <p className={styles.note}>{t('verify.link.logInNote')}</p>
            <ButtonLink to={PATHS.login} variant="primary" size="lg" isFullWidth>
              {t('verify.link.logIn')}
            </ButtonLink>
          </>
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
        <p className={styles.note} role="status">
          {t('verify.link.signInNote')}
        </p>
        <ButtonLink to={PATHS.login} variant="primary" size="lg" isFullWidth>
          {t('login.goTo')}
        </ButtonLink>
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
  const tempToken = useTempToken('email');
  const t = useT();

  if (linkToken) return <LinkVerification linkToken={linkToken} />;
  if (tempToken.status === 'valid') return <CodeEntry tempToken={tempToken.token} />;

  return (
    <AuthCard
      icon={<IconMail size={22} />}
      title={t('verify.title')}
      subtitle={tempToken.status === 'expired' ? t('verify.expired') : t('verify.missing')}
      footer={
        <>
          {t('verify.noAccount')} <Link to={PATHS.signup}>{t('verify.createOne')}</Link>
        </>
      }
    >
      <p className={styles.note}>{t('verify.howTo')}</p>
      <ButtonLink to={PATHS.login} variant="primary" size="lg" isFullWidth>
        {t('login.goTo')}
      </ButtonLink>
    </AuthCard>
  );
}
