// A warning shown across the back office while Real accounts may trade on simulated prices
// (REAL_TRADING_ON_SIMULATED_PRICES=true), naming how many pairs do: such a desk must not take
// real money.
import { Callout } from '../../../components/callout';
import { BreakableText } from '../../../components/email-text';
import { tCount, tRich, useT } from '../../../lib/i18n';
import { useAdminPairs } from '../api/admin-pairs';
import styles from './admin.module.css';

const SETTING = 'REAL_TRADING_ON_SIMULATED_PRICES=true';

/**
 * Said on every back-office screen while Real accounts may trade simulated prices (a deployment
 * started with REAL_TRADING_ON_SIMULATED_PRICES=true): such a desk must not take real money.
 */
export function DemonstrationBanner() {
  const t = useT();
  const { data: pairs } = useAdminPairs();
  const simulated = pairs?.filter((pair) => pair.realTrading && pair.priceSource === 'simulated').length ?? 0;
  if (simulated === 0) return null;
  return (
    <Callout tone="warning" title={t('admin.demo.title')} role="status" className={styles.banner}>
      {tRich(
        'admin.demo.text',
        { pairs: tCount('admin.demo.pairs', simulated), setting: SETTING },
        {
          code: (value) => (
            <code className={styles.code}>
              {/* A narrow screen wraps the variable after an underscore, never inside a word. */}
              <BreakableText value={value} at={/(?<=_)/} />
            </code>
          ),
        },
      )}
    </Callout>
  );
}
