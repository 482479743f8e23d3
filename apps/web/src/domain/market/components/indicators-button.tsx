// The chart's Indicators button and its dialog: add, remove and set the parameters of the chart's
// indicators, checked against the shared contract before they are saved.
import {
  INDICATOR_DEFAULTS,
  INDICATOR_KINDS,
  INDICATORS_MAX,
  type TIndicator,
  type TIndicatorKind,
  ZChartSettings,
} from '@td/contracts/chart-settings';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { IconX } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { FormDialog } from '../../../components/dialog';
import { IconActivity } from '../../../components/icons';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { t, translateServerMessage, useT } from '../../../lib/i18n';
import { useChartSettings, useSaveChartSettings } from '../chart-settings';
import styles from './indicators-button.module.css';

type TParam = 'period' | 'deviations' | 'fast' | 'slow' | 'signal';
/** The numeric parameters each kind takes. */
const PARAMS: Record<TIndicatorKind, ReadonlyArray<{ key: TParam; step?: number }>> = {
  sma: [{ key: 'period' }],
  ema: [{ key: 'period' }],
  bollinger: [{ key: 'period' }, { key: 'deviations', step: 0.1 }],
  vwap: [],
  rsi: [{ key: 'period' }],
  macd: [{ key: 'fast' }, { key: 'slow' }, { key: 'signal' }],
  volume: [],
};

/** 'Moving average (simple)', in the language shown. */
const indicatorName = (kind: TIndicatorKind) => t(`indicator.name.${kind}`);

type TDraft = Record<string, string | number> & { kind: TIndicatorKind };

function IndicatorsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const { indicators } = useChartSettings();
  const save = useSaveChartSettings();
  const [draft, setDraft] = useState<TDraft[]>(() => indicators.map((indicator) => ({ ...indicator })));
  const [adding, setAdding] = useState<TIndicatorKind>('sma');
  const [error, setError] = useState<string | undefined>();

  const setParam = (index: number, key: string, value: string) =>
    setDraft((current) => current.map((each, at) => (at === index ? { ...each, [key]: value } : each)));

  const submit = () => {
    const candidate = draft.map((each) =>
      Object.fromEntries(
        Object.entries(each).map(([key, value]) => [
          key,
          key === 'kind' || value === '' ? value : Number(value),
        ]),
      ),
    );
    const parsed = ZChartSettings.safeParse({ indicators: candidate });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = typeof issue?.path[1] === 'number' ? issue.path[1] : undefined;
      const name = at === undefined ? '' : `${indicatorName(draft[at]?.kind ?? 'sma')}: `;
      setError(`${name}${issue ? translateServerMessage(issue.message) : t('indicator.check')}`);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        toast.success(message || t('indicator.saved'));
        onClose();
      },
    });
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('chart.indicators')}
      description={t('indicator.description')}
      onSubmit={submit}
      testId="indicators-dialog"
      submitLabel={t('common.save')}
      isPending={save.isPending}
    >
      <ul className={styles.list} aria-label={t('indicator.list')}>
        {draft.map((each, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, by position.
          <li key={index} className={styles.row}>
            <span className={styles.name}>{indicatorName(each.kind)}</span>
            <div className={styles.params}>
              {PARAMS[each.kind].map((param) => (
                <TextField
                  key={param.key}
                  label={t(`indicator.param.${param.key}`)}
                  type="number"
                  inputMode="decimal"
                  step={param.step ?? 1}
                  className={styles.param}
                  value={String(each[param.key] ?? '')}
                  onChange={(event) => setParam(index, param.key, event.target.value)}
                  aria-label={`${indicatorName(each.kind)} ${t(`indicator.param.${param.key}`).toLowerCase()}`}
                />
              ))}
            </div>
            <Button
              variant="ghost"
              size="sm"
              icon={<IconX size={14} />}
              aria-label={t('indicator.remove', { name: indicatorName(each.kind) })}
              onClick={() => setDraft((current) => current.filter((_, at) => at !== index))}
            />
          </li>
        ))}
        {draft.length === 0 ? <li className={styles.empty}>{t('indicator.none')}</li> : null}
      </ul>
      <div className={styles.add}>
        <SelectField
          label={t('indicator.add')}
          value={adding}
          onChange={(event) => setAdding(event.target.value as TIndicatorKind)}
          options={INDICATOR_KINDS.map((kind) => ({ value: kind, label: indicatorName(kind) }))}
        />
        <Button
          variant="secondary"
          disabled={draft.length >= INDICATORS_MAX}
          onClick={() =>
            setDraft((current) => [...current, { ...(INDICATOR_DEFAULTS[adding] as TIndicator) } as TDraft])
          }
        >
          {t('indicator.addButton')}
        </Button>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </FormDialog>
  );
}

/** Opens the chart's indicators; the dialog starts from the saved ones every time it opens. */
export function IndicatorsButton({ className }: { className?: string }) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        icon={<IconActivity size={14} />}
        className={className}
        aria-label={t('chart.indicators')}
        title={t('chart.indicators')}
        onClick={() => setIsOpen(true)}
      >
        {/* On a phone the icon alone, so the intervals keep their room. */}
        <span className={styles.buttonLabel}>{t('chart.indicators')}</span>
      </Button>
      {isOpen ? <IndicatorsDialog isOpen onClose={() => setIsOpen(false)} /> : null}
    </>
  );
}
