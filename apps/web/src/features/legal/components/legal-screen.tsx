import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { type TLanguage, type TMessageKey, tRich, useLanguage, useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useAppName, useSettings } from '../../../lib/settings';
import styles from './legal-screen.module.css';

/** Last change of the documents below; a change is announced by e-mail before it applies. */
const UPDATED = new Date(2026, 10, 1);

/** The date in words: '1 November 2026' (day first in English too, as the documents write it). */
function formatUpdated(language: TLanguage): string {
  const locale = language === 'en' ? 'en-GB' : language;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(UPDATED);
}

/** A paragraph naming the support address (`{email}`), its `<mail>` part a mail link to it. */
function WriteToUs({ text }: { text: TMessageKey }) {
  const { supportEmail } = useSettings('general');
  return (
    <p>
      {tRich(
        text,
        { email: supportEmail },
        { mail: (part) => <a href={`mailto:${supportEmail}`}>{part}</a> },
      )}
    </p>
  );
}

/** A document's page: its title, its last change's date, its introduction (naming the app), then the rest. */
function LegalPage({ title, intro, children }: { title: string; intro: TMessageKey; children: ReactNode }) {
  const appName = useAppName();
  const language = useLanguage();
  const t = useT();
  return (
    <div className={styles.page}>
      <title>{`${title} · ${appName}`}</title>
      <header className={styles.header}>
        <Link to={PATHS.login} aria-label={t('nav.home', { app: appName })}>
          <Logo size={28} name={appName} />
        </Link>
        <ThemeToggle />
      </header>
      <main className={styles.main}>
        <article className={styles.article}>
          <h1>{title}</h1>
          <p className={styles.updated}>{t('legal.updated', { date: formatUpdated(language) })}</p>
          <p>{t(intro, { app: appName })}</p>
          {children}
          <nav className={styles.footer} aria-label={t('legal.nav')}>
            <Link to={PATHS.terms}>{t('legal.terms.title')}</Link>
            <Link to={PATHS.privacy}>{t('legal.privacy.title')}</Link>
            <Link to={PATHS.signup}>{t('legal.createAccount')}</Link>
          </nav>
          <p className={styles.notice}>
            {tRich(
              'legal.chartsNotice',
              {},
              {
                link: (text) => (
                  <a href="https://www.tradingview.com/" className="text-link" rel="noopener" target="_blank">
                    {text}
                  </a>
                ),
              },
            )}
          </p>
        </article>
      </main>
    </div>
  );
}

/** The Terms of Use that a new account accepts at sign-up. */
export function TermsScreen() {
  const t = useT();
  return (
    <LegalPage title={t('legal.terms.title')} intro="legal.terms.intro">
      <h2>{t('legal.terms.account.title')}</h2>
      <p>{t('legal.terms.account.text')}</p>
      <h2>{t('legal.terms.accounts.title')}</h2>
      <p>{t('legal.terms.accounts.text')}</p>
      <h2>{t('legal.terms.risk.title')}</h2>
      <p>{t('legal.terms.risk.text')}</p>
      <h2>{t('legal.terms.orders.title')}</h2>
      <p>{t('legal.terms.orders.text')}</p>
      <h2>{t('legal.terms.funds.title')}</h2>
      <p>{t('legal.terms.funds.text')}</p>
      <h2>{t('legal.terms.closing.title')}</h2>
      <p>{t('legal.terms.closing.text')}</p>
      <h2>{t('legal.terms.contact.title')}</h2>
      <WriteToUs text="legal.terms.contact.text" />
    </LegalPage>
  );
}

/** How the product handles personal data. */
export function PrivacyScreen() {
  const t = useT();
  return (
    <LegalPage title={t('legal.privacy.title')} intro="legal.privacy.intro">
      <h2>{t('legal.privacy.data.title')}</h2>
      <ul>
        <li>{t('legal.privacy.data.contact')}</li>
        <li>{t('legal.privacy.data.identity')}</li>
        <li>{t('legal.privacy.data.trading')}</li>
        <li>{t('legal.privacy.data.signIns')}</li>
        <li>{t('legal.privacy.data.support')}</li>
      </ul>
      <h2>{t('legal.privacy.why.title')}</h2>
      <p>{t('legal.privacy.why.text')}</p>
      <h2>{t('legal.privacy.who.title')}</h2>
      <p>{t('legal.privacy.who.text')}</p>
      <h2>{t('legal.privacy.howLong.title')}</h2>
      <p>{t('legal.privacy.howLong.text')}</p>
      <h2>{t('legal.privacy.rights.title')}</h2>
      <WriteToUs text="legal.privacy.rights.text" />
      <h2>{t('legal.privacy.cookies.title')}</h2>
      <p>{t('legal.privacy.cookies.text')}</p>
    </LegalPage>
  );
}
