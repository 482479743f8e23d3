import { DEFAULT_PAIR } from '@td/contracts/constants';
import { IconX } from '../../../components/app-icons';
import { ButtonLink } from '../../../components/button';
import { useProfile } from '../../../domain/identity/get-profile';
import { useAccountStore } from '../../../domain/trading/account-store';
import { useOrders } from '../../../domain/trading/get-orders';
import { usePortfolio } from '../../../domain/trading/get-portfolio';
import { formatMoney } from '../../../lib/format';
import { tRich, useT } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useAppName } from '../../../lib/settings';
import { useAppStore } from '../../../lib/store';
import styles from './welcome-card.module.css';

/**
 * The newcomer's first Dashboard: the demo balance, what Demo and Real mean, and the way to a first
 * demo trade (Trade with BTC/USD on the Demo account). Shown until the Demo account has an order,
 * or until the user puts it away.
 */
/**
 * Whether it is known if the welcome card shows (the profile and the Demo account's first order
 * have loaded, or it was put away): the Dashboard holds its layout until then.
 */
export function useIsWelcomeKnown(): boolean {
  const profile = useProfile();
  const orders = useOrders({ account: 'demo', limit: 1 });
  const user = profile.data;
  const isDismissed = useAppStore((state) => (user ? state.dismissedWelcomes.includes(user.id) : false));
  if (profile.isError) return true;
  return user !== undefined && (isDismissed || !orders.isPending);
}

export function WelcomeCard() {
  const appName = useAppName();
  const t = useT();
  const { data: user } = useProfile();
  const orders = useOrders({ account: 'demo', limit: 1 });
  const portfolio = usePortfolio('demo');
  const isDismissed = useAppStore((state) => (user ? state.dismissedWelcomes.includes(user.id) : true));
  const dismiss = useAppStore((state) => state.dismissWelcome);
  const setAccount = useAccountStore((state) => state.setAccount);

  if (!user || isDismissed || orders.data?.total !== 0) return null;
  const balance = portfolio.data?.balance;

  return (
    <section className={styles.card} aria-labelledby="welcome-title" data-testid="welcome">
      <button
        type="button"
        className={styles.close}
        onClick={() => dismiss(user.id)}
        aria-label={t('welcome.close')}
      >
        <IconX size={16} />
      </button>
      <h2 id="welcome-title" className={styles.title}>
        {t('welcome.title', { app: appName, name: user.firstName || t('welcome.trader') })}
      </h2>
      <p className={styles.lead}>
        {tRich(
          'welcome.lead',
          { balance: balance === undefined ? '…' : `${formatMoney(balance, 2)} USD` },
          { strong: (text) => <strong className="tabular">{text}</strong> },
        )}
      </p>
      <dl className={styles.accounts}>
        <div>
          <dt>{t('welcome.demo')}</dt>
          <dd>{t('welcome.demoText')}</dd>
        </div>
        <div>
          <dt>{t('welcome.real')}</dt>
          <dd>{t('welcome.realText')}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <ButtonLink
          variant="primary"
          to={`${PATHS.trade}?pair=${DEFAULT_PAIR}`}
          onClick={() => setAccount('demo')}
          data-testid="first-trade"
        >
          {t('welcome.firstTrade')}
        </ButtonLink>
      </div>
    </section>
  );
}
