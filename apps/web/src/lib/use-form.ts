// The state of the app's forms: values per field, validation on submit with the focus on the first
// field in error, and the server's field messages shown under their fields.
import { type FormEvent, useRef, useState } from 'react';
import { hasFieldErrors, type TFieldErrors } from './form-errors';
import { serverFieldErrors } from './server-field-errors';

type TFieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface TFormOptions<TValues extends object, TRequest> {
  /** The fields in the order the form shows them: the first with a message gets the focus. */
  fields: readonly (keyof TValues & string)[];
  initial: TValues;
  /**
   * The form's rules: the contract's schema (the same the server applies) and what only the form
   * knows (a confirmation, a checkbox). `request` is what is sent when there is no message.
   */
  validate: (values: TValues) => { errors: TFieldErrors<keyof TValues & string>; request: TRequest | null };
  /** After a first submit, messages follow the typing; otherwise a field's message clears as it changes. */
  isRevalidatedWhileTyping?: boolean;
  /** Called with the field about to get the focus (a collapsed section opens for it). */
  onFirstError?: (field: keyof TValues & string) => void;
}

/**
 * One form's values and messages: typed values per field, validation on submit with the focus on
 * the first field in error, and the server's field messages (a 400's details) under their fields.
 */
export function useForm<TValues extends object, TRequest>(options: TFormOptions<TValues, TRequest>) {
  type TField = keyof TValues & string;
  const [values, setValues] = useState<TValues>(options.initial);
  const [errors, setErrors] = useState<TFieldErrors<TField>>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const elements = useRef<Partial<Record<TField, TFieldElement | null>>>({});

  const update = <TKey extends TField>(field: TKey, value: TValues[TKey]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (hasSubmitted && options.isRevalidatedWhileTyping) setErrors(options.validate(next).errors);
    else if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const register = (field: TField) => (element: TFieldElement | null) => {
    elements.current[field] = element;
  };
  /** What a field component needs of one field: its ref, name, value, message and what typing does. */
  const bind = (field: TField) => ({
    ref: register(field),
    name: field,
    value: values[field] as string,
    error: errors[field],
  });

  return {
    values,
    setValues,
    errors,
    setErrors,
    update,
    /** The ref of a field's element, so a message can take the focus to it. */
    register,
    /** The props of a text or select field bound to `field` (its change event updates it). */
    textField: (field: TField) => ({
      ...bind(field),
      onChange: (event: { target: { value: string } }) =>
        update(field, event.target.value as TValues[TField]),
    }),
    /** The same for a field that reports its new value itself (a code, a password group). */
    valueField: (field: TField) => ({
      ...bind(field),
      onChange: (value: string) => update(field, value as TValues[TField]),
    }),
    /** The submit handler: checks the values, then calls `onValid` with the request to send. */
    handleSubmit: (onValid: (request: TRequest, values: TValues) => void) => (event: FormEvent) => {
      event.preventDefault();
      setHasSubmitted(true);
      const { errors: found, request } = options.validate(values);
      setErrors(found);
      if (hasFieldErrors(found) || request === null) {
        const first = options.fields.find((field) => found[field]);
        if (first) {
          options.onFirstError?.(first);
          elements.current[first]?.focus();
        }
        return;
      }
      onValid(request, values);
    },
    /** A failed request's field messages under their fields (`isMerged` keeps the form's own). */
    showServerErrors: (error: unknown, { isMerged = false } = {}) =>
      setErrors((current) => ({ ...(isMerged ? current : {}), ...serverFieldErrors<TField>(error) })),
  };
}
