// A checkbox for forms: a native input, so keyboards, forms and screen readers behave as usual,
// drawn in the app's theme with its label and error message.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { IconCheck } from './app-icons';
import styles from './checkbox.module.css';
import { useFieldId } from './text-field';

export interface TCheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The label; may hold links. */
  children: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A native checkbox (so forms, keyboard and screen readers behave) drawn in the theme. */
export function Checkbox({ children, error, id, className, ...props }: TCheckboxProps) {
  const inputId = useFieldId(id);
  const errorId = `${inputId}-error`;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.row}>
        <span className={styles.box}>
          <input
            id={inputId}
            type="checkbox"
            className={styles.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...props}
          />
          <IconCheck size={12} strokeWidth={3} className={styles.tick} />
        </span>
        <label htmlFor={inputId} className={styles.label}>
          {children}
        </label>
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
