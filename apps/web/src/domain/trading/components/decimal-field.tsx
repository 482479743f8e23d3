/** A text field for a price, a distance or an amount, bound to a `useDecimalField` value. */
import { TextField, type TTextFieldProps } from '../../../components/text-field';
import type { TDecimalField } from '../use-decimal-field';

/**
 * The decimal keypad on phones and no autofill (a browser's remembered number would be a stale
 * price); the field's own change handler drops keystrokes that would not make a number.
 */
export function DecimalField({
  field,
  ...props
}: { field: TDecimalField } & Omit<TTextFieldProps, 'value' | 'onChange' | 'inputMode' | 'autoComplete'>) {
  return (
    <TextField
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={field.value}
      onChange={field.onChange}
    />
  );
}
