// The state of a form with one verification code (e-mail or authenticator): checked against the
// contract, sent when the last digit is typed, and on a refusal emptied and focused for the next
// code.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod/mini';
import { ApiError } from './api-client';
import { zodFieldErrors } from './form-errors';

const REFUSED_MESSAGE = 'The code is incorrect or has expired';

interface TCodeFieldOptions {
  /** The request's contract (`{ code }`): what the server will check, checked first here. */
  schema: z.ZodMiniType<{ code: string }>;
  /** While a code is on its way, another is not sent. */
  isBusy: boolean;
  /**
   * Sends a code that passed the contract; `refuse` takes the server's refusal (a wrong or expired
   * code): its message goes under the field, which is emptied and focused, ready for the next code.
   */
  send: (code: string, refuse: (error: unknown) => void) => void;
}

/**
 * One code field (an e-mail or authenticator code): its value and message, the check against the
 * contract with the focus back on the field, sending when the last digit is typed or on submit.
 */
export function useCodeField({ schema, isBusy, send }: TCodeFieldOptions) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLInputElement>(null);
  // The field is disabled while a code is on its way: focus can only return once it is enabled.
  const [focusWanted, setFocusWanted] = useState(0);
  useEffect(() => {
    if (focusWanted > 0 && !isBusy) ref.current?.focus();
  }, [focusWanted, isBusy]);

  const submit = (value: string) => {
    if (isBusy) return;
    const parsed = schema.safeParse({ code: value });
    if (!parsed.success) {
      setError(zodFieldErrors<'code'>(parsed.error).code);
      ref.current?.focus();
      return;
    }
    setError(undefined);
    send(parsed.data.code, (refusal) => {
      setError(refusal instanceof ApiError && refusal.message ? refusal.message : REFUSED_MESSAGE);
      setCode('');
      setFocusWanted((count) => count + 1);
    });
  };
  const change = (value: string) => {
    setCode(value);
    // The refusal's message stays while the field is empty again, until the next digit.
    if (error && value !== '') setError(undefined);
  };

  return {
    code,
    /** Empties the field and its message (another way to enter a code was chosen). */
    reset: () => {
      setCode('');
      setError(undefined);
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submit(code);
    },
    /** The props of the `OtpField`. */
    field: { ref, name: 'code', value: code, onChange: change, onComplete: submit, error },
    /** The same for a plain text field (a recovery code). */
    textField: {
      ref,
      value: code,
      onChange: (event: { target: { value: string } }) => change(event.target.value),
      error,
    },
  };
}
