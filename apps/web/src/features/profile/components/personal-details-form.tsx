// The profile's personal details form: first and last name, phone and country, saved together; the
// e-mail is shown read-only with whether it is verified. Emptying the phone or country removes it.
import { type TUser, ZUpdateProfileRequest } from '@td/contracts/profile';
import { useMemo } from 'react';
import toast from 'react-hot-toast';
import { IconCheck } from '../../../components/app-icons';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { CountryField } from '../../../components/country-field';
import styles from '../../../components/form-layout.module.css';
import { NameFields } from '../../../components/name-fields';
import { TextField } from '../../../components/text-field';
import { type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';
import { useUpdateProfile } from '../api/update-profile';

const FIELDS = ['firstName', 'lastName', 'phone', 'country'] as const;
type TDetailsField = (typeof FIELDS)[number];
type TDetailsValues = Record<TDetailsField, string>;

function valuesOf(user: TUser): TDetailsValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    country: user.country ?? '',
  };
}

/** The contract's rules; an emptied phone or country is a removal, which the API spells null. */
function validate(values: TDetailsValues) {
  const parsed = ZUpdateProfileRequest.safeParse({
    firstName: values.firstName,
    lastName: values.lastName,
    phone: values.phone.trim() || null,
    country: values.country || null,
  });
  const errors: TFieldErrors<TDetailsField> = parsed.success ? {} : zodFieldErrors(parsed.error);
  return { errors, request: parsed.success ? parsed.data : null };
}

/** First and last name, phone and country; the e-mail is shown read-only (it is the login). */
export function PersonalDetailsForm({ user }: { user: TUser }) {
  const t = useT();
  // The saved values: the form is "changed" when it differs from them. They follow the server, so
  // after a save (and the refetch) the form is clean again without being reset by hand.
  const saved = useMemo(() => valuesOf(user), [user]);
  const { values, setValues, textField, handleSubmit, showServerErrors } = useForm({
    fields: FIELDS,
    initial: saved,
    validate,
  });
  const updateProfile = useUpdateProfile();

  const isDirty = FIELDS.some((field) => values[field].trim() !== saved[field]);

  const onSubmit = handleSubmit((request) =>
    updateProfile.mutate(request, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => showServerErrors(error),
    }),
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <NameFields
        className={styles.row}
        first={{ ...textField('firstName'), label: t('field.firstName') }}
        last={{ ...textField('lastName'), label: t('field.lastName') }}
      />
      <TextField
        label={t('field.email')}
        name="email"
        type="email"
        value={user.email}
        readOnly
        aria-readonly="true"
        labelAside={
          user.emailVerified ? (
            <Badge tone="positive" icon={<IconCheck size={12} />}>
              {t('profile.verified')}
            </Badge>
          ) : (
            <Badge tone="warning">{t('profile.notVerified')}</Badge>
          )
        }
        hint={t('profile.details.emailHint')}
      />
      <div className={styles.row}>
        <TextField
          {...textField('phone')}
          label={t('profile.details.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+44 20 7946 0000"
          hint={t('profile.details.phoneHint')}
        />
        <CountryField {...textField('country')} />
      </div>
      <div className={styles.footer}>
        {isDirty ? (
          <Button variant="ghost" onClick={() => setValues(saved)} disabled={updateProfile.isPending}>
            {t('profile.details.discard')}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" isLoading={updateProfile.isPending} disabled={!isDirty}>
          {t('common.saveChanges')}
        </Button>
      </div>
    </form>
  );
}
