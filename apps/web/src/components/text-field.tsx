// The text inputs of every form (plain, password with show/hide, e-mail, multi-line) and the frame
// they share: the label above, the hint or error below, tied to the input for screen readers.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { useT } from '../lib/i18n';
import { IconEye, IconEyeOff } from './icons';
import styles from './text-field.module.css';

export interface TTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** Help under the field; replaced by the error when there is one. */
  hint?: ReactNode;
  error?: string | undefined;
  /** Something beside the label, e.g. a 'Forgot password?' link. */
  labelAside?: ReactNode;
  /** A control inside the field's right edge, e.g. a show-password button. */
  endAdornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  hint,
  error,
  labelAside,
  endAdornment,
  id,
  className,
  'aria-describedby': describedBy,
  ...props
}: TTextFieldProps) {
  const inputId = useFieldId(id);
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const descriptionIds =
    [describedBy, error ? errorId : undefined, hint && !error ? hintId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <FieldFrame inputId={inputId} label={label} labelAside={labelAside} className={className}>
      <div className={[styles.control, error ? styles.invalid : ''].filter(Boolean).join(' ')}>
        <input
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={descriptionIds}
          {...props}
        />
        {endAdornment ? <div className={styles.adornment}>{endAdornment}</div> : null}
      </div>
      <FieldNote error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </FieldFrame>
  );
}

export type TPasswordFieldProps = Omit<TTextFieldProps, 'type' | 'endAdornment'>;

/** A password input with a show/hide button, so a long password can be checked before sending. */
export function PasswordField(props: TPasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  const t = useT();
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setIsVisible((visible) => !visible)}
          aria-label={isVisible ? t('field.hidePassword') : t('field.showPassword')}
          aria-pressed={isVisible}
        >
          {isVisible ? <IconEyeOff size={18} /> : <IconEye size={18} />}
        </button>
      }
    />
  );
}

/**
 * An e-mail address field: the e-mail keyboard on a phone, no capitals or spelling fixes, and the
 * address a password manager signs in with unless `autoComplete` says otherwise ('email' on sign-up).
 */
export function EmailField(props: Omit<TTextFieldProps, 'label' | 'type'> & { label?: string }) {
  const t = useT();
  return (
    <TextField
      label={t('field.email')}
      name="email"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="you@gmail.com"
      {...props}
      type="email"
    />
  );
}

export interface TTextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line TextField (a message, a reason): same label, hint, error and look. */
export function TextAreaField({
  label,
  hint,
  error,
  id,
  className,
  rows = 4,
  ...props
}: TTextAreaFieldProps) {
  const inputId = useFieldId(id);
  const noteId = `${inputId}-note`;
  return (
    <FieldFrame inputId={inputId} label={label} className={className}>
      <div
        className={[styles.control, styles.multiline, error ? styles.invalid : ''].filter(Boolean).join(' ')}
      >
        <textarea
          id={inputId}
          rows={rows}
          className={`${styles.input} ${styles.textarea}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? noteId : undefined}
          {...props}
        />
      </div>
      <FieldNote error={error} hint={hint} errorId={noteId} hintId={noteId} />
    </FieldFrame>
  );
}

/** A field's element id: the one given, else one of its own. */
export function useFieldId(id: string | undefined): string {
  const generatedId = useId();
  return id ?? generatedId;
}

/** A field's frame: its label (and what sits beside it) above the control and the note under it. */
export function FieldFrame({
  inputId,
  label,
  labelAside,
  className,
  children,
}: {
  inputId: string;
  label: string;
  labelAside?: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}) {
  // What sits beside the label ("Forgot password?") comes after the control in the document, so
  // that Tab goes from the field's label to its control first; the grid draws it beside the label.
  return (
    <div
      className={[styles.field, labelAside ? styles.hasAside : undefined, className]
        .filter(Boolean)
        .join(' ')}
    >
      <div className={styles.labelRow}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
      </div>
      {children}
      {labelAside ? <div className={styles.aside}>{labelAside}</div> : null}
    </div>
  );
}

/** The line under a field: its error when there is one, else its hint, else nothing. */
export function FieldNote({
  error,
  hint,
  errorId,
  hintId,
}: {
  error?: ReactNode;
  hint?: ReactNode;
  errorId: string;
  hintId: string;
}) {
  if (error) {
    return (
      <p id={errorId} className={styles.error}>
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={hintId} className={styles.hint}>
      {hint}
    </p>
  ) : null;
}
