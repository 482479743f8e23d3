import { useState } from 'react';
import { cleanDecimalInput } from './order-form';

/**
 * A decimal text field's value: keystrokes that would not make a number are ignored and pasted
 * separators cleaned ('1 234,5' → '1234.5'); `setValue` puts a value in as it is.
 */
export function useDecimalField(initial = '') {
  const [value, setValue] = useState(initial);
  return {
    value,
    setValue,
    onChange: (event: { target: { value: string } }) => {
      const cleaned = cleanDecimalInput(event.target.value);
      if (cleaned !== null) setValue(cleaned);
    },
  };
}

export type TDecimalField = ReturnType<typeof useDecimalField>;
