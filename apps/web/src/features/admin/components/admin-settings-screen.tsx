// The back office's Settings screen: one form per group of the platform's public settings, each
// field drawn from the group's defaults, and the deposit and withdrawal terms of every network,
// where only what differs from the built-in default is stored.
import { NETWORK_LABEL, NETWORKS, type TNetwork } from '@td/contracts/constants';
import {
  NETWORK_DEFAULTS,
  SETTING_DEFAULTS,
  SETTING_GROUPS,
  type TNetworkSettings,
  type TSettingGroup,
  ZNetworkSettings,
} from '@td/contracts/settings';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Checkbox } from '../../../components/checkbox';
import { TextField } from '../../../components/text-field';
import { type TMessageKey, translateServerMessage, useT } from '../../../lib/i18n';
import { pairTypeText } from '../../../lib/labels';
import { useAdminSettings, useUpdateSettings } from '../api/admin-settings';
import styles from './admin.module.css';
import { toastOutcome } from './inline-form';

const LABEL: Record<string, TMessageKey> = {
  appName: 'admin.settings.appName',
  maintenanceNotice: 'admin.settings.maintenanceNotice',
  supportEmail: 'admin.settings.supportEmail',
  openingFeeRate: 'admin.settings.openingFeeRate',
  demoStartBalance: 'admin.settings.demoStartBalance',
  minAmount: 'admin.settings.minAmount',
  maxAmount: 'admin.settings.maxAmount',
  maxLeverage: 'admin.settings.maxLeverage',
  maxQuoteAgeMs: 'admin.settings.maxQuoteAgeMs',
  confirmOrderAboveShare: 'admin.settings.confirmOrderAboveShare',
  reviewAbove: 'admin.settings.reviewAbove',
  depositsEnabled: 'admin.settings.depositsEnabled',
  withdrawalsEnabled: 'admin.settings.withdrawalsEnabled',
  quoteTtlSeconds: 'admin.settings.quoteTtlSeconds',
  commissionRate: 'admin.settings.commissionRate',
  isEnabled: 'admin.settings.isEnabled',
  blockedCountries: 'admin.settings.blockedCountries',
  level2DailyWithdrawal: 'admin.settings.level2DailyWithdrawal',
  approvalThreshold: 'admin.settings.approvalThreshold',
};

type TValues = Record<string, unknown>;

type TNetworkOverrides = Partial<Record<TNetwork, Partial<TNetworkSettings>>>;
type TNetworkField = keyof TNetworkSettings;

/** Each network setting's label; money in USD. */
const NETWORK_FIELDS: ReadonlyArray<{ key: TNetworkField; label: TMessageKey; isNumber?: boolean }> = [
  { key: 'confirmations', label: 'admin.settings.network.confirmations', isNumber: true },
  { key: 'minDeposit', label: 'admin.settings.network.minDeposit' },
  { key: 'minWithdraw', label: 'admin.settings.network.minWithdraw' },
  { key: 'maxWithdraw', label: 'admin.settings.network.maxWithdraw' },
  { key: 'fee', label: 'admin.settings.network.fee' },
  { key: 'usdtContract', label: 'admin.settings.network.usdtContract' },
];

/** What a network field's text stands for: a number for counts (NaN when empty), else the text. */
const typedValue = (text: string, isNumber?: boolean) =>
  isNumber ? (text.trim() === '' ? Number.NaN : Number(text)) : text.trim();

/**
 * Every network's settings, each field showing what is in force (the built-in default until it is
 * changed). Only what differs from the default is stored; a field set back to its default is
 * dropped. Each field is checked as typed, with the server's own rules.
 */
function NetworksField(props: {
  initial: TNetworkOverrides;
  onChange: (overrides: TNetworkOverrides, isValid: boolean) => void;
}) {
  const t = useT();
  const shown = (network: TNetwork, key: TNetworkField) =>
    String(props.initial[network]?.[key] ?? NETWORK_DEFAULTS[network][key]);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      NETWORKS.flatMap((network) =>
        NETWORK_FIELDS.map(({ key }) => [`${network}.${key}`, shown(network, key)]),
      ),
    ),
  );
  const errorOf = (network: TNetwork, key: TNetworkField, isNumber?: boolean): string | undefined => {
    const parsed = ZNetworkSettings.shape[key].safeParse(
      typedValue(texts[`${network}.${key}`] ?? '', isNumber),
    );
    const message = parsed.success ? undefined : parsed.error.issues[0]?.message;
    return message === undefined ? undefined : translateServerMessage(message);
  };
  const overridesOf = (next: Record<string, string>): TNetworkOverrides => {
    const overrides: TNetworkOverrides = {};
    for (const network of NETWORKS) {
      for (const { key, isNumber } of NETWORK_FIELDS) {
        const value = typedValue(next[`${network}.${key}`] ?? '', isNumber);
        if (value === NETWORK_DEFAULTS[network][key]) continue;
        overrides[network] = { ...overrides[network], [key]: value };
      }
    }
    return overrides;
  };
  const change = (network: TNetwork, key: TNetworkField, text: string) => {
    const next = { ...texts, [`${network}.${key}`]: text };
    setTexts(next);
    const isValid = NETWORKS.every((n) =>
      NETWORK_FIELDS.every(
        (field) =>
          ZNetworkSettings.shape[field.key].safeParse(
            typedValue(next[`${n}.${field.key}`] ?? '', field.isNumber),
          ).success,
      ),
    );
    props.onChange(overridesOf(next), isValid);
  };
  return (
    <div className={styles.networks} data-testid="settings-networks">
      {NETWORKS.map((network) => (
        <fieldset key={network} className={styles.fieldset}>
          <legend>{NETWORK_LABEL[network]}</legend>
          {NETWORK_FIELDS.filter(({ key }) => key !== 'usdtContract' || network !== 'bitcoin').map(
            ({ key, label, isNumber }) => (
              <TextField
                key={key}
                label={t(label)}
                name={`${network}.${key}`}
                className={key === 'usdtContract' ? styles.wideField : undefined}
                inputMode={isNumber ? 'numeric' : key === 'usdtContract' ? 'text' : 'decimal'}
                autoComplete="off"
                spellCheck={false}
                value={texts[`${network}.${key}`] ?? ''}
                error={errorOf(network, key, isNumber)}
                onChange={(event) => change(network, key, event.target.value)}
              />
            ),
          )}
        </fieldset>
      ))}
    </div>
  );
}

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
  const t = useT();
  const update = useUpdateSettings();
  const [values, setValues] = useState<TValues>(stored);
  /** A setting's label in the language shown; its key when it has none. */
  const labelOf = (key: string) => {
    const label = LABEL[key];
    return label ? t(label) : key;
  };
  const [isValid, setIsValid] = useState(true);
  const keys = Object.keys(SETTING_DEFAULTS[group]);
  const set = (key: string, value: unknown) => setValues((current) => ({ ...current, [key]: value }));
  const changed = Object.fromEntries(
    keys
      .filter((key) => JSON.stringify(values[key]) !== JSON.stringify(stored[key]))
      .map((key) => [key, values[key]]),
  );

  return (
    <Card title={t(`admin.settings.group.${group}`)}>
      <form
        className={styles.form}
        data-testid={`settings-${group}`}
        onSubmit={(event) => {
          event.preventDefault();
          void toastOutcome(update.mutateAsync({ group, values: changed }));
        }}
      >
        {keys.map((key) => {
          const value = values[key];
          if (typeof value === 'boolean') {
            return (
              <Checkbox key={key} checked={value} onChange={(event) => set(key, event.target.checked)}>
                {labelOf(key)}
              </Checkbox>
            );
          }
          if (typeof value === 'number') {
            return (
              <TextField
                key={key}
                label={labelOf(key)}
                name={key}
                type="number"
                inputMode="numeric"
                value={Number.isNaN(value) ? '' : String(value)}
                onChange={(event) => set(key, Number.parseInt(event.target.value, 10))}
              />
            );
          }
          if (key === 'networks') {
            return (
              <fieldset key={key} className={styles.networksGroup}>
                <legend>{t('admin.settings.networks')}</legend>
                <NetworksField
                  initial={(value ?? {}) as TNetworkOverrides}
                  onChange={(overrides, valid) => {
                    set(key, overrides);
                    setIsValid(valid);
                  }}
                />
              </fieldset>
            );
          }
          if (Array.isArray(value)) {
            return (
              <CodeListField
                key={key}
                label={labelOf(key)}
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
                <legend>{labelOf(key)}</legend>
                {Object.keys(nested).map((inner) => (
                  <TextField
                    key={inner}
                    label={pairTypeText(inner === 'crp' || inner === 'forex' ? inner : 'stocks')}
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
              label={labelOf(key)}
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
            disabled={Object.keys(changed).length === 0 || !isValid}
            isLoading={update.isPending}
          >
            {/* Each group's own words: its name inside a sentence reads differently per language. */}
            {t(`admin.settings.save.${group}`)}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Every public setting, group by group; a change reaches every user's app within a minute. */
export function AdminSettingsScreen() {
  const t = useT();
  const query = useAdminSettings();
  if (!query.data) return <Card>{query.isError ? t('admin.settings.loadError') : t('common.loading')}</Card>;
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
