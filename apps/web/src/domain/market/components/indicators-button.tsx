import {
  INDICATOR_DEFAULTS,
  INDICATOR_KINDS,
  INDICATOR_NAMES,
  INDICATORS_MAX,
  type TIndicator,
  type TIndicatorKind,
  ZChartSettings,
} from '@td/contracts/chart-settings';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { IconActivity, IconX } from '../../../components/icons';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useChartSettings, useSaveChartSettings } from '../chart-settings';
import styles from './indicators-button.module.css';

/** The numeric parameters each kind takes, with their labels. */
const PARAMS: Record<TIndicatorKind, ReadonlyArray<{ key: string; label: string; step?: number }>> = {
  sma: [{ key: 'period', label: 'Period' }],
  ema: [{ key: 'period', label: 'Period' }],
  bollinger: [
    { key: 'period', label: 'Period' },
    { key: 'deviations', label: 'Deviations', step: 0.1 },
  ],
  vwap: [],
  rsi: [{ key: 'period', label: 'Period' }],
  macd: [
    { key: 'fast', label: 'Fast' },
    { key: 'slow', label: 'Slow' },
    { key: 'signal', label: 'Signal' },
  ],
  volume: [],
};

type TDraft = Record<string, string | number> & { kind: TIndicatorKind };

function IndicatorsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
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
      const name = at === undefined ? '' : `${INDICATOR_NAMES[draft[at]?.kind ?? 'sma']}: `;
      setError(`${name}${issue?.message ?? 'Check the indicators'}`);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        toast.success(message || 'Chart settings saved');
        onClose();
      },
    });
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Indicators"
      description="Drawn on every chart, on all your devices. Overlays share the candles; RSI, MACD and volume get panes of their own."
      onSubmit={submit}
      testId="indicators-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <ul className={styles.list} aria-label="Indicators on the chart">
        {draft.map((each, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, by position.
          <li key={index} className={styles.row}>
            <span className={styles.name}>{INDICATOR_NAMES[each.kind]}</span>
            <div className={styles.params}>
              {PARAMS[each.kind].map((param) => (
                <TextField
                  key={param.key}
                  label={param.label}
                  type="number"
                  inputMode="decimal"
                  step={param.step ?? 1}
                  className={styles.param}
                  value={String(each[param.key] ?? '')}
                  onChange={(event) => setParam(index, param.key, event.target.value)}
                  aria-label={`${INDICATOR_NAMES[each.kind]} ${param.label.toLowerCase()}`}
                />
              ))}
            </div>
            <Button
              variant="ghost"
              size="sm"
              icon={<IconX size={14} />}
              aria-label={`Remove ${INDICATOR_NAMES[each.kind]}`}
              onClick={() => setDraft((current) => current.filter((_, at) => at !== index))}
            />
          </li>
        ))}
        {draft.length === 0 ? <li className={styles.empty}>No indicators: the candles alone.</li> : null}
      </ul>
      <div className={styles.add}>
        <SelectField
          label="Add an indicator"
          value={adding}
          onChange={(event) => setAdding(event.target.value as TIndicatorKind)}
          options={INDICATOR_KINDS.map((kind) => ({ value: kind, label: INDICATOR_NAMES[kind] }))}
        />
        <Button
          variant="secondary"
          disabled={draft.length >= INDICATORS_MAX}
          onClick={() =>
            setDraft((current) => [...current, { ...(INDICATOR_DEFAULTS[adding] as TIndicator) } as TDraft])
          }
        >
          Add
        </Button>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

/** Opens the chart's indicators; the dialog starts from the saved ones every time it opens. */
export function IndicatorsButton({ className }: { className?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        icon={<IconActivity size={14} />}
        className={className}
        aria-label="Indicators"
        title="Indicators"
        onClick={() => setIsOpen(true)}
      >
        {/* On a phone the icon alone, so the intervals keep their room. */}
        <span className={styles.buttonLabel}>Indicators</span>
      </Button>
      {isOpen ? <IndicatorsDialog isOpen onClose={() => setIsOpen(false)} /> : null}
    </>
  );
}
