// The screen shown when a route fails to load or render: the error's message (and stack, when
// there is one) with a way back to the dashboard by a full page load, not a client navigation.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { IconAlertTriangle, IconArrowLeft } from '../components/icons';
import { t, useT } from '../lib/i18n';
import { PATHS } from '../lib/paths';
import styles from './error-page.module.css';

interface TErrorDescription {
  message: string;
  stack: string | undefined;
}

function describe(error: unknown): TErrorDescription {
  if (isRouteErrorResponse(error)) {
    return { message: `${error.status} ${error.statusText}`.trim(), stack: undefined };
  }
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: typeof error === 'string' ? error : t('error.unknown'), stack: undefined };
}

/** The fallback of an unhandled routing or rendering error (its title word for word). */
export function ErrorPage() {
  const t = useT();
  const { message, stack } = describe(useRouteError());
  return (
    <main className={styles.page}>
      <title>{`${t('error.title')} · Trading Desk`}</title>
      <div className={styles.card}>
        <div className={styles.icon}>
          <IconAlertTriangle size={24} />
        </div>
        <h1 className={styles.title}>{t('error.title')}</h1>
        <p className={styles.message}>{message}</p>
        {stack ? (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled without a mouse (WCAG 2.1.1).
          <pre className={styles.stack} tabIndex={0}>
            {stack}
          </pre>
        ) : null}
        {/* A full page load, not a client navigation: the app may be in a broken state (or a
            new version may have been deployed under it). */}
        <a className={styles.back} href={PATHS.dashboard}>
          <IconArrowLeft size={16} />
          {t('error.back')}
        </a>
      </div>
    </main>
  );
}
