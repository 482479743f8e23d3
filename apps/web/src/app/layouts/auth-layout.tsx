// The frame of every sign-in and sign-up screen: a brand panel with the pitch and risk warning on
// wide screens, beside the form column with the language switch and theme toggle.
import { Link, Outlet } from 'react-router';
import { IconActivity, IconShieldCheck, IconWallet } from '../../components/icons';
import { LanguageSwitch } from '../../components/language-switch';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { useBrowserValue } from '../../lib/browser-value';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useAppName } from '../../lib/settings';
import styles from './auth-layout.module.css';

const HIGHLIGHTS = [
  { icon: <IconActivity size={18} />, key: 'auth.highlight.prices' },
  { icon: <IconWallet size={18} />, key: 'auth.highlight.funding' },
  { icon: <IconShieldCheck size={18} />, key: 'auth.highlight.security' },
] as const;

/** A decorative price line for the brand panel: an upward session, drawn once, no data. */
function BrandChart() {
  return (
    <svg className={styles.chart} viewBox="0 0 400 140" preserveAspectRatio="none" aria-hidden="true">
      <defs>
        <linearGradient id="auth-chart-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="currentColor" stopOpacity="0.28" />
          <stop offset="1" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      <path
        d="M0 112 L28 104 L52 110 L80 92 L104 98 L132 80 L156 86 L184 64 L208 72 L236 58 L262 66 L290 44 L316 50 L344 30 L370 36 L400 18 L400 140 L0 140 Z"
        fill="url(#auth-chart-fill)"
      />
      <path
        d="M0 112 L28 104 L52 110 L80 92 L104 98 L132 80 L156 86 L184 64 L208 72 L236 58 L262 66 L290 44 L316 50 L344 30 L370 36 L400 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

const currentYear = () => new Date().getFullYear();

/** Every authentication route: a brand panel (wide screens) beside the form column. */
export function AuthLayout() {
  const appName = useAppName();
  const t = useT();
  // The year the browser is in (a page drawn at build time leaves it out until then).
  const year = useBrowserValue(currentYear, undefined);
  return (
    <div className={styles.layout}>
      <aside className={styles.brandPanel}>
        <Logo size={32} name={appName} />
        <div className={styles.pitch}>
          <p className={styles.tagline}>{t('auth.tagline')}</p>
          <p className={styles.lead}>{t('auth.lead')}</p>
          <ul className={styles.highlights}>
            {HIGHLIGHTS.map((item) => (
              <li key={item.key}>
                <span className={styles.highlightIcon}>{item.icon}</span>
                {t(item.key)}
              </li>
            ))}
          </ul>
        </div>
        <BrandChart />
        <p className={styles.risk}>{t('auth.risk')}</p>
      </aside>
      <div className={styles.formColumn}>
        <div className={styles.formTop}>
          <Link to={PATHS.login} className={styles.mobileLogo} aria-label={appName}>
            <Logo size={28} name={appName} />
          </Link>
          <div className={styles.formTools}>
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </div>
        <main className={styles.formArea}>
          <Outlet />
        </main>
        <footer className={styles.footer}>
          {/* The brand panel, which carries the risk warning, shows only on wide screens. */}
          <p className={styles.footerRisk}>{t('auth.risk')}</p>
          <p>
            © {year} {appName}
          </p>
        </footer>
      </div>
    </div>
  );
}
