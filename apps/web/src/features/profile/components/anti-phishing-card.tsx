// The security screen's anti-phishing card: explains the phrase the app's e-mails carry, shows the
// current one in a sample, and sets or changes it, checked against the contract before it is sent.
import { ANTI_PHISHING_LENGTH, type TUser, ZAntiPhishingRequest } from '@td/contracts/profile';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { TextField } from '../../../components/text-field';
import { zodFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useAppName } from '../../../lib/settings';
import { useForm } from '../../../lib/use-form';
import { useUpdateAntiPhishing } from '../api/update-anti-phishing';
import styles from './anti-phishing-card.module.css';

const EMPTY = { phrase: '' };

function validate(values: typeof EMPTY) {
  const parsed = ZAntiPhishingRequest.safeParse(values);
  return {
    errors: parsed.success ? {} : zodFieldErrors<'phrase'>(parsed.error),
    request: parsed.success ? parsed.data : null,
  };
}

export function AntiPhishingCard({ user }: { user: TUser }) {
  const t = useT();
  const appName = useAppName();
  const { setValues, textField, handleSubmit, showServerErrors } = useForm({
    fields: ['phrase'],
    initial: EMPTY,
    validate,
  });
  const update = useUpdateAntiPhishing();
  const current = user.antiPhishingPhrase;

  const onSubmit = handleSubmit((request) =>
    update.mutate(request, {
      onSuccess: ({ message }) => {
        toast.success(message || t('security.antiPhishing.saved'));
        setValues(EMPTY);
      },
      onError: (failure) => showServerErrors(failure),
    }),
  );

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
            {...textField('phrase')}
            label={current ? t('security.antiPhishing.newPhrase') : t('security.antiPhishing.phrase')}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('security.antiPhishing.placeholder')}
            maxLength={ANTI_PHISHING_LENGTH.max + 8}
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
