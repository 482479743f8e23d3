// A back-office dialog that asks for one line of text before an action (a reason to reject or to
// claw back, a transaction's hash): the request's own schema checks the text first, the server's
// refusal shows on the field it names or above it, and success closes the dialog with the server's
// words in a toast.
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod/mini';
import { Callout } from '../../../components/callout';
import { FormDialog } from '../../../components/dialog';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { zodFieldErrors } from '../../../lib/form-errors';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/server-field-errors';

interface TTextDialogProps {
  isOpen: boolean;
  title: string;
  description: string;
  /** "Reason" unless given. */
  label?: string;
  /** The request's field the text is sent as: "reason" unless given ("txHash"). */
  field?: string;
  /** The words of the button that does it: "Reject" unless given. */
  confirm?: string;
  /** `danger` for an action against the client (reject, claw back). */
  tone?: 'danger' | 'primary';
  schema: z.ZodMiniType;
  run: (value: string) => Promise<{ message: string }>;
  /** What the dialog says when the action fails with no reason the server gave. */
  failure: string;
  onClose: () => void;
  testId: string;
  maxLength?: number;
}

export function TextDialog({
  isOpen,
  title,
  description,
  label,
  field = 'reason',
  confirm,
  tone = 'danger',
  schema,
  run,
  failure,
  onClose,
  testId,
  maxLength,
}: TTextDialogProps) {
  const t = useT();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const close = () => {
    setValue('');
    setFieldError(undefined);
    setFormError(undefined);
    onClose();
  };
  const submit = async () => {
    const parsed = schema.safeParse({ [field]: value });
    if (!parsed.success) {
      setFieldError(zodFieldErrors(parsed.error)[field]);
      return;
    }
    setIsBusy(true);
    try {
      toast.success(translateServerMessage((await run(value)).message));
      close();
    } catch (error) {
      const fields = serverFieldErrors(error);
      setFieldError(fields[field]);
      setFormError(
        fields[field]
          ? undefined
          : error instanceof ApiError
            ? translateServerMessage(error.message)
            : failure,
      );
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={close}
      title={title}
      description={description}
      onSubmit={() => void submit()}
      testId={testId}
      submitLabel={confirm ?? t('admin.reject')}
      isPending={isBusy}
      variant={tone}
    >
      {formError ? (
        <Callout tone="danger" role="alert">
          {formError}
        </Callout>
      ) : null}
      <TextField
        label={label ?? t('admin.reason')}
        name={field}
        value={value}
        error={fieldError}
        autoFocus
        autoComplete="off"
        maxLength={maxLength}
        onChange={(event) => {
          setValue(event.target.value);
          setFieldError(undefined);
        }}
      />
    </FormDialog>
  );
}
