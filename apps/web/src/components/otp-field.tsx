// The one-time code entry of sign-in and two-factor screens: one real numeric input, which takes
// paste and autofill, drawn as a row of digit boxes, with the rule for retyping a refused code.
import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useRef,
  useState,
} from 'react';
import styles from './otp-field.module.css';
import { FieldNote, useFieldId } from './text-field';

export const OTP_LENGTH = 6;

export interface TOtpFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size' | 'type'> {
  label: string;
  value: string;
  /** Receives digits only, at most `length` of them. */
  onChange: (value: string) => void;
  /** Called once all digits are in (typed, pasted or filled from an SMS/e-mail suggestion). */
  onComplete?: (value: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  length?: number;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The code after an edit: the digits of what the field holds ("123 456" and "123-456" as pasted
 * from a mail). Typed or pasted after a whole code (one the server refused), the new digits start a
 * new code, so a user retypes without deleting the old one first.
 */
export function nextCode(previous: string, typed: string, length: number): string {
  const raw = typed.replace(/\D/g, '');
  const isAfterWholeCode = previous.length === length && raw.length > length && raw.startsWith(previous);
  return (isAfterWholeCode ? raw.slice(length) : raw).slice(0, length);
}

/**
 * A one-time code entry: one real input (numeric keypad, `autocomplete="one-time-code"`, paste and
 * password-manager fill all work, one label for assistive technology) drawn as a row of boxes.
 * The input lies transparent over the boxes, so a tap anywhere focuses it.
 */
export function OtpField({
  label,
  value,
  onChange,
  onComplete,
  hint,
  error,
  length = OTP_LENGTH,
  id,
  disabled,
  ref,
  onFocus,
  onBlur,
  ...props
}: TOtpFieldProps) {
  const inputId = useFieldId(id);
  const messageId = `${inputId}-message`;
  const [isFocused, setIsFocused] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);

  const setRefs = (element: HTMLInputElement | null) => {
    inputRef.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    // Pasted codes arrive as "123 456" or "123-456": keep the digits.
    const digits = nextCode(value, event.target.value, length);
    onChange(digits);
    if (digits.length === length && digits !== value) onComplete?.(digits);
  };

  // The caret always sits after the last digit, where the highlighted box is.
  const keepCaretAtEnd = () => {
    const input = inputRef.current;
    if (input) input.setSelectionRange(input.value.length, input.value.length);
  };

  const activeIndex = Math.min(value.length, length - 1);
  const message = error ?? hint;

  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div
        className={styles.slots}
        data-invalid={error ? true : undefined}
        data-disabled={disabled || undefined}
      >
        {Array.from({ length }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items.
          <div key={index} className={styles.slotWrap}>
            {index === Math.floor(length / 2) ? (
              <span className={styles.separator} aria-hidden="true" />
            ) : null}
            <div
              className={styles.slot}
              data-filled={index < value.length}
              data-active={isFocused && index === activeIndex ? true : undefined}
              aria-hidden="true"
            >
              {value.charAt(index)}
              {isFocused && index === value.length ? <span className={styles.caret} /> : null}
            </div>
          </div>
        ))}
        <input
          ref={setRefs}
          id={inputId}
          className={styles.input}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`\\d{${length}}`}
          spellCheck={false}
          value={value}
          onChange={onInput}
          onFocus={(event) => {
            setIsFocused(true);
            keepCaretAtEnd();
            onFocus?.(event);
          }}
          onBlur={(event) => {
            setIsFocused(false);
            onBlur?.(event);
          }}
          onSelect={keepCaretAtEnd}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          {...props}
        />
      </div>
      <FieldNote error={error} hint={hint} errorId={messageId} hintId={messageId} />
    </div>
  );
}
