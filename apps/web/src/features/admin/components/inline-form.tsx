/** The back office's small forms in a table row or a card: labelled fields, Save, the answer as a toast. */
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { useT } from '../../../lib/i18n';
import styles from './admin.module.css';

/**
 * The server's message as a toast once the change is done, then `onDone`. A failure was toasted
 * already by the API client, so it is only caught here.
 */
export function toastOutcome(pending: Promise<{ message: string }>, onDone?: () => void): Promise<void> {
  return pending.then(
    (result) => {
      toast.success(result.message);
      onDone?.();
    },
    () => undefined,
  );
}

/** A small caption over its control (an input or a select), the two in one label. */
export function InlineField({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child every caller passes.
    <label className={styles.inlineField}>
      <span>{label}</span>
      {children}
    </label>
  );
}

/** A whole number between `min` and `max`, under its caption. */
export function InlineNumberField({
  label,
  value,
  onValue,
  ...input
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'min' | 'max'>) {
  return (
    <InlineField label={label}>
      <input type="number" {...input} value={value} onChange={(event) => onValue(event.target.value)} />
    </InlineField>
  );
}

/**
 * The fields of a row's settings as typed (`saved` is what the server has): whether any differs,
 * and each field's value and setter for InlineNumberField.
 */
export function useInlineDraft<TKey extends string>(saved: Record<TKey, string>) {
  const [draft, setDraft] = useState(saved);
  const isChanged = (Object.keys(saved) as TKey[]).some((key) => draft[key] !== saved[key]);
  const field = (key: TKey) => ({
    value: draft[key],
    onValue: (value: string) => setDraft((current) => ({ ...current, [key]: value })),
  });
  return { draft, isChanged, field };
}

/**
 * A row's settings saved together: its fields, then Save, which stays off until a value changed.
 * The server's answer is toasted.
 */
export function InlineSaveForm({
  onSave,
  isChanged,
  isPending,
  children,
}: {
  onSave: () => Promise<{ message: string }>;
  isChanged: boolean;
  isPending: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <form
      className={styles.inlineForm}
      onSubmit={(event) => {
        event.preventDefault();
        void toastOutcome(onSave());
      }}
    >
      {children}
      <Button size="sm" type="submit" variant="secondary" disabled={!isChanged} isLoading={isPending}>
        {t('common.save')}
      </Button>
    </form>
  );
}
