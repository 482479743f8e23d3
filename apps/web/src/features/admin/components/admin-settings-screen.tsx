import { SETTING_DEFAULTS, SETTING_GROUPS, type TSettingGroup } from '@td/contracts/settings';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Checkbox } from '../../../components/checkbox';
import { TextField } from '../../../components/text-field';
import { useAdminSettings, useUpdateSettings } from '../api/admin-settings';
import styles from './admin.module.css';

const GROUP_TITLE: Record<TSettingGroup, string> = {
  general: 'General',
  trading: 'Trading',
  wallet: 'Wallet',
  referral: 'Referral',
  kyc: 'Identity verification',
};

const LABEL: Record<string, string> = {
  appName: 'Product name',
  maintenanceNotice: 'Maintenance notice (shown to every user; empty for none)',
  supportEmail: 'Support e-mail',
  openingFeeRate: 'Opening fee rate (0.0005 = 0.05 %)',
  demoStartBalance: 'Demo starting balance (USD)',
  minAmount: 'Minimum order (USD)',
  maxAmount: 'Maximum order (USD)',
  maxLeverage: 'Leverage caps',
  maxQuoteAgeMs: 'Prices older than this are delayed: not traded on (ms)',
  reviewAbove: 'Withdrawals above this wait for review (USD)',
  depositsEnabled: 'Deposits enabled',
  withdrawalsEnabled: 'Withdrawals enabled',
  quoteTtlSeconds: 'A withdrawal quote holds its rate for (seconds)',
  commissionRate: 'Referral commission (0.2 = 20 % of the fees)',
  isEnabled: 'Referral commission enabled',
  blockedCountries: 'Countries not served (ISO codes, comma-separated: US, IR)',
  level2DailyWithdrawal: 'Daily withdrawal limit of a verified identity (USD)',
};

type TValues = Record<string, unknown>;

/** A list of codes typed as text ("US, IR"): the text is kept as typed, the list sent upper-case. */
function CodeListField(props: {
  label: string;
  name: string;
  initial: string[];
  onChange: (codes: string[]) => void;
}) {
  const [text, setText] = useState(props.initial.join(', '));
  return (
    <TextField
      label={props.label}
      name={props.name}
      value={text}
      autoCapitalize="characters"
      onChange={(event) => {
        setText(event.target.value);
        props.onChange(
          event.target.value
            .split(/[\s,]+/)
            .map((code) => code.toUpperCase())
            .filter(Boolean),
        );
      }}
    />
  );
}

/** One group's form: its keys as the defaults define them (text, switch, or leverage per type). */
function GroupForm({ group, stored }: { group: TSettingGroup; stored: TValues }) {
  const update = useUpdateSettings();
  const [values, setValues] = useState<TValues>(stored);
  const keys = Object.keys(SETTING_DEFAULTS[group]);
  const set = (key: string, value: unknown) => setValues((current) => ({ ...current, [key]: value }));
  const changed = Object.fromEntries(
    keys
      .filter((key) => JSON.stringify(values[key]) !== JSON.stringify(stored[key]))
      .map((key) => [key, values[key]]),
  );

  return (
    <Card title={GROUP_TITLE[group]}>
      <form
        className={styles.form}
        data-testid={`settings-${group}`}
        onSubmit={(event) => {
          event.preventDefault();
          update.mutateAsync({ group, values: changed }).then(
            (result) => toast.success(result.message),
            () => undefined,
          );
        }}
      >
        {keys.map((key) => {
          const value = values[key];
          if (typeof value === 'boolean') {
            return (
              <Checkbox key={key} checked={value} onChange={(event) => set(key, event.target.checked)}>
                {LABEL[key] ?? key}
              </Checkbox>
            );
          }
          if (typeof value === 'number') {
            return (
              <TextField
                key={key}
                label={LABEL[key] ?? key}
                name={key}
                type="number"
                inputMode="numeric"
                value={Number.isNaN(value) ? '' : String(value)}
                onChange={(event) => set(key, Number.parseInt(event.target.value, 10))}
              />
            );
          }
          if (Array.isArray(value)) {
            return (
              <CodeListField
                key={key}
                label={LABEL[key] ?? key}
                name={key}
                initial={value as string[]}
                onChange={(codes) => set(key, codes)}
              />
            );
          }
          if (value && typeof value === 'object') {
            const nested = value as Record<string, number>;
            return (
              <fieldset key={key} className={styles.fieldset}>
                <legend>{LABEL[key] ?? key}</legend>
                {Object.keys(nested).map((inner) => (
                  <TextField
                    key={inner}
                    label={inner === 'crp' ? 'Crypto' : inner === 'forex' ? 'Forex' : 'Stocks'}
                    type="number"
                    min={1}
                    value={String(nested[inner] ?? '')}
                    onChange={(event) => set(key, { ...nested, [inner]: Number(event.target.value) })}
                  />
                ))}
              </fieldset>
            );
          }
          return (
            <TextField
              key={key}
              label={LABEL[key] ?? key}
              name={key}
              value={value === null || value === undefined ? '' : String(value)}
              onChange={(event) =>
                set(key, key === 'maintenanceNotice' && event.target.value === '' ? null : event.target.value)
              }
            />
          );
        })}
        <div className={styles.formActions}>
          <Button
            type="submit"
            variant="primary"
            disabled={Object.keys(changed).length === 0}
            isLoading={update.isPending}
          >
            Save {GROUP_TITLE[group].toLowerCase()} settings
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Every public setting, group by group; a change reaches every user's app within a minute. */
export function AdminSettingsScreen() {
  const query = useAdminSettings();
  if (!query.data) return <Card>{query.isError ? 'Settings could not load.' : 'Loading…'}</Card>;
  return (
    <div className={styles.settingsGrid}>
      {SETTING_GROUPS.map((group) => (
        <GroupForm
          key={`${group}-${JSON.stringify(query.data[group])}`}
          group={group}
          stored={query.data[group] ?? {}}
        />
      ))}
    </div>
  );
}
