import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { ThemeToggle } from '../../../components/theme-toggle';
import { PATHS } from '../../../lib/paths';
import { useAppName, useSettings } from '../../../lib/settings';
import styles from './legal-screen.module.css';

/** Last change of the documents below; a change is announced by e-mail before it applies. */
const UPDATED = '1 November 2026';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const appName = useAppName();
  return (
    <div className={styles.page}>
      <title>{`${title} · ${appName}`}</title>
      <header className={styles.header}>
        <Link to={PATHS.login} aria-label={`${appName} home`}>
          <Logo size={28} name={appName} />
        </Link>
        <ThemeToggle />
      </header>
      <main className={styles.main}>
        <article className={styles.article}>
          <h1>{title}</h1>
          <p className={styles.updated}>Last updated {UPDATED}</p>
          {children}
          <nav className={styles.footer} aria-label="Legal">
            <Link to={PATHS.terms}>Terms of Use</Link>
            <Link to={PATHS.privacy}>Privacy Policy</Link>
            <Link to={PATHS.signup}>Create an account</Link>
          </nav>
        </article>
      </main>
    </div>
  );
}

/** The Terms of Use that a new account accepts at sign-up. */
export function TermsScreen() {
  const appName = useAppName();
  const { supportEmail } = useSettings('general');
  return (
    <LegalPage title="Terms of Use">
      <p>
        These terms govern your use of {appName}: its web app, its accounts and the trading and wallet
        services behind them. By opening an account you accept them. If you do not accept them, do not open an
        account.
      </p>
      <h2>1. Your account</h2>
      <p>
        You must be of legal age where you live, give true details, and keep your password and two-factor
        codes to yourself. One person holds one account. We may ask you to verify your identity before you
        trade on the Real account or withdraw, and we do not serve residents of some countries.
      </p>
      <h2>2. Demo and Real accounts</h2>
      <p>
        Every account has a Demo account funded with practice money, traded on the same prices as the Real
        one; nothing on it is owed to you or by you. The Real account holds money you deposit. Orders on it
        are binding once the server confirms them.
      </p>
      <h2>3. The risk of trading</h2>
      <p>
        Leveraged trading carries a high risk of losing money quickly. A position is closed automatically when
        its losses reach its liquidation price, and prices may move past a stop-loss before it is executed.
        You can lose all the money you put at stake. Trade only with money you can afford to lose, and do not
        treat anything in the app as advice.
      </p>
      <h2>4. Prices, fees and orders</h2>
      <p>
        Orders are filled at the prices the app shows when the server receives them. An opening fee, shown in
        the order ticket before you send an order, is charged when a position opens. We may refuse an order
        when a market is closed, when prices are delayed, or when your free margin does not cover it.
      </p>
      <h2>5. Deposits and withdrawals</h2>
      <p>
        Deposits are credited once the network has confirmed them. Withdrawals are confirmed with a code sent
        to your e-mail and, where set, your authenticator; larger ones or those to new addresses may be
        reviewed by our staff before they are sent. Network fees are shown before you confirm.
      </p>
      <h2>6. Ending your account</h2>
      <p>
        You may close your account at any time once your positions are closed and your balance withdrawn. We
        may suspend an account that breaks these terms or that the law requires us to suspend, and will tell
        you why unless the law forbids it.
      </p>
      <h2>7. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>, or a support
        ticket from your account.
      </p>
    </LegalPage>
  );
}

/** How the product handles personal data. */
export function PrivacyScreen() {
  const appName = useAppName();
  const { supportEmail } = useSettings('general');
  return (
    <LegalPage title="Privacy Policy">
      <p>
        This policy says what personal data {appName} keeps about you, why, for how long, and what you can ask
        of us.
      </p>
      <h2>1. What we keep</h2>
      <ul>
        <li>Your name, e-mail address and, if you give them, phone number, country and profile picture.</li>
        <li>Identity documents and details you submit for verification.</li>
        <li>Your orders, balances, deposits, withdrawals and the wallet addresses you use.</li>
        <li>Sign-in records: time, IP address and browser, to protect your account.</li>
        <li>Support tickets and the messages in them.</li>
      </ul>
      <h2>2. Why</h2>
      <p>
        To run your account and your trades, to keep it secure (new-device checks, two-factor, withdrawal
        confirmations), to meet our legal duties to verify identities and keep records, and to answer you. We
        do not sell your data and send no marketing without your consent.
      </p>
      <h2>3. Who sees it</h2>
      <p>
        Our staff, as their role needs; the e-mail provider that delivers our messages; the blockchain
        networks your deposits and withdrawals travel on, which are public by nature; and authorities where
        the law obliges us.
      </p>
      <h2>4. How long</h2>
      <p>
        For as long as your account is open, then as long as the law requires us to keep financial and
        identity records. Sign-in records are kept for a limited time only.
      </p>
      <h2>5. Your rights</h2>
      <p>
        You may ask for a copy of your data, its correction or its deletion where the law allows, and object
        to its use. Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
      <h2>6. Cookies and local storage</h2>
      <p>
        The app keeps your session, your theme and your account choice in your browser. It uses no advertising
        or tracking cookies.
      </p>
    </LegalPage>
  );
}
