import { ACCOUNTS, type TAccount } from '@td/contracts/constants';
import { useId } from 'react';
import { t, useT } from '../../../lib/i18n';
import { useAccountStore } from '../account-store';
import styles from './account-switch.module.css';

/**
 * The Demo / Real switch of the trading screens: a pair of radio buttons (arrow keys move between
 * them), tinted so practice money never passes for real money at a glance.
 */
export function AccountSwitch({ className }: { className?: string }) {
  const t = useT();
  const account = useAccountStore((state) => state.account);
  const setAccount = useAccountStore((state) => state.setAccount);
  const name = useId();
  return (
    <fieldset className={[styles.switch, className].filter(Boolean).join(' ')} data-account={account}>
      <legend className="visually-hidden">{t('account.trading')}</legend>
      {ACCOUNTS.map((value) => (
        <label key={value} className={styles.option} data-value={value}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={account === value}
            onChange={() => setAccount(value)}
            className={styles.input}
          />
          <span className={styles.dot} aria-hidden="true" />
          {accountLabel(value)}
        </label>
      ))}
    </fieldset>
  );
}

export const accountLabel = (account: TAccount) => t(`common.${account}`);
