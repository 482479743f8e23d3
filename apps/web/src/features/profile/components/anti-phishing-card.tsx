import { ANTI_PHISHING_LENGTH, type TUser, ZAntiPhishingRequest } from '@td/contracts/profile';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { TextField } from '../../../components/text-field';
import { serverFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { useUpdateAntiPhishing } from '../api/update-anti-phishing';
import styles from './anti-phishing-card.module.css';

export function AntiPhishingCard({ user }: { user: TUser }) {
  const [phrase, setPhrase] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const update = useUpdateAntiPhishing();
  const current = user.antiPhishingPhrase;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZAntiPhishingRequest.safeParse({ phrase });
    if (!parsed.success) {
      setError(zodFieldErrors<'phrase'>(parsed.error).phrase);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    update.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        toast.success(message || 'Anti-phishing phrase saved');
        setPhrase('');
      },
      onError: (failure) => setError(serverFieldErrors<'phrase'>(failure).phrase),
    });
  };

  return (
    <Card
      title="Anti-phishing phrase"
      actions={current ? <Badge tone="positive">Set</Badge> : <Badge tone="neutral">Not set</Badge>}
    >
      <div className={styles.layout}>
        <div className={styles.explain}>
          <p>
            A word or sentence that only you and Trading Desk know. We print it at the top of every email we
            send you, so an email without it, or with another one, is not from us however real it looks.
          </p>
          <div className={styles.sample}>
            <span className={styles.sampleLabel}>In our emails</span>
            <span className={styles.samplePhrase}>
              Your anti-phishing code: <strong>{current ?? '—'}</strong>
            </span>
          </div>
        </div>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            ref={inputRef}
            label={current ? 'New phrase' : 'Phrase'}
            name="phrase"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. blue heron at dawn"
            maxLength={ANTI_PHISHING_LENGTH.max + 8}
            value={phrase}
            onChange={(event) => {
              setPhrase(event.target.value);
              if (error) setError(undefined);
            }}
            error={error}
            hint={`${ANTI_PHISHING_LENGTH.min} to ${ANTI_PHISHING_LENGTH.max} characters. Do not use a password.`}
          />
          <Button type="submit" variant="primary" isLoading={update.isPending} className={styles.submit}>
            {current ? 'Change phrase' : 'Set phrase'}
          </Button>
        </form>
      </div>
    </Card>
  );
}
