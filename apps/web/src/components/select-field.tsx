// A drop-down choice in the form style: a native select, so keyboards and a phone's own picker
// work, with the same label, hint and error as the text fields.
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { IconChevronDown } from './app-icons';
import styles from './select-field.module.css';
import { FieldFrame, FieldNote, useFieldId } from './text-field';
import fieldStyles from './text-field.module.css';

export interface TSelectOption {
  value: string;
  label: string;
}

export interface TSelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  label: string;
  options: readonly TSelectOption[];
  /** The first, empty option ('Select a country'); omit when a value is always chosen. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (keyboard, type-ahead and the phone's own picker for free) in the field style. */
export function SelectField({
  label,
  options,
  placeholder,
  hint,
  error,
  id,
  className,
  ...props
}: TSelectFieldProps) {
  const selectId = useFieldId(id);
  const messageId = `${selectId}-message`;
  const message = error ?? hint;
  return (
    <FieldFrame inputId={selectId} label={label} className={className}>
      <div className={[fieldStyles.control, error ? fieldStyles.invalid : ''].filter(Boolean).join(' ')}>
        <select
          id={selectId}
          className={styles.select}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          {...props}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <IconChevronDown size={16} className={styles.chevron} />
      </div>
      <FieldNote error={error} hint={hint} errorId={messageId} hintId={messageId} />
    </FieldFrame>
  );
}
