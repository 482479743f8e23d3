import { ANTI_PHISHING_LENGTH, type TUser, ZAntiPhishingRequest } from '@td/contracts/profile';
import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { TextField } from '../../../components/text-field';
import { zodFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useAppName } from '../../../lib/settings';
import { useUpdateAntiPhishing } from '../api/update-anti-phishing';
import styles from './anti-phishing-card.module.css';

export function AntiPhishingCard({ user }: { user: TUser }) {
  const t = useT();
  const appName = useAppName();
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
        toast.success(message || t('security.antiPhishing.saved'));
        setPhrase('');
      },
      onError: (failure) => setError(serverFieldErrors<'phrase'>(failure).phrase),
    });
  };

  return (
    <Card
      title={t('security.antiPhishing.title')}
      actions={
        current ? (
          <Badge tone="positive">{t('security.status.set')}</Badge>
        ) : (
          <Badge tone="neutral">{t('security.status.notSet')}</Badge>
        )
      }
    >
      <div className={styles.layout}>
        <div className={styles.explain}>
          <p>{t('security.antiPhishing.explain', { app: appName })}</p>
          <div className={styles.sample}>
            <span className={styles.sampleLabel}>{t('security.antiPhishing.sampleLabel')}</span>
            <span className={styles.samplePhrase}>
              {t('security.antiPhishing.sampleCode')} <strong>{current ?? '—'}</strong>
            </span>
          </div>
        </div>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            ref={inputRef}
            label={current ? t('security.antiPhishing.newPhrase') : t('security.antiPhishing.phrase')}
            name="phrase"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('security.antiPhishing.placeholder')}
            maxLength={ANTI_PHISHING_LENGTH.max + 8}
            value={phrase}
            onChange={(event) => {
              setPhrase(event.target.value);
              if (error) setError(undefined);
            }}
            error={error}
            hint={t('security.antiPhishing.hint', {
              min: ANTI_PHISHING_LENGTH.min,
              max: ANTI_PHISHING_LENGTH.max,
            })}
          />
          <Button type="submit" variant="primary" isLoading={update.isPending} className={styles.submit}>
            {current ? t('security.antiPhishing.change') : t('security.antiPhishing.set')}
          </Button>
        </form>
      </div>
    </Card>
  );
}
