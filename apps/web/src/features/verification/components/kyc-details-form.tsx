// Verification level 1: the user's legal name, date of birth, country and address, checked against
// the same contract the server applies before they are saved.
import { type TKycDetails, ZKycDetails } from '@td/contracts/kyc';
import toast from 'react-hot-toast';
import { Button } from '../../../components/button';
import { CountryField } from '../../../components/country-field';
import formLayout from '../../../components/form-layout.module.css';
import { NameFields } from '../../../components/name-fields';
import { TextField } from '../../../components/text-field';
import { type TFieldErrors, zodFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useForm } from '../../../lib/use-form';
import { useSaveKycDetails } from '../api/kyc';
import styles from './verification.module.css';

const FIELDS = [
  'legalFirstName',
  'legalLastName',
  'dateOfBirth',
  'country',
  'addressLine',
  'city',
  'postalCode',
] as const;
type TField = (typeof FIELDS)[number];
type TValues = Record<TField, string>;

const EMPTY: TValues = {
  legalFirstName: '',
  legalLastName: '',
  dateOfBirth: '',
  country: '',
  addressLine: '',
  city: '',
  postalCode: '',
};

/** The contract's rules, the same the server applies (an adult, a real date, a country code). */
function validate(values: TValues) {
  const parsed = ZKycDetails.safeParse(values);
  const errors: TFieldErrors<TField> = parsed.success ? {} : zodFieldErrors(parsed.error);
  return { errors, request: parsed.success ? parsed.data : null };
}

/** Level 1: the person as their documents name them, and where they live. */
export function KycDetailsForm({ saved }: { saved: TKycDetails | null }) {
  const t = useT();
  const { textField, handleSubmit, showServerErrors } = useForm({
    fields: FIELDS,
    initial: saved ?? EMPTY,
    validate,
  });
  const save = useSaveKycDetails();
  const onSubmit = handleSubmit((request) =>
    save.mutate(request, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => showServerErrors(error),
    }),
  );

  return (
    <form
      className={formLayout.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('verification.details.title')}
    >
      <p className={styles.intro}>{t('verification.details.intro')}</p>
      <NameFields
        className={formLayout.row}
        first={{ ...textField('legalFirstName'), label: t('verification.details.firstName') }}
        last={{ ...textField('legalLastName'), label: t('verification.details.lastName') }}
      />
      <div className={formLayout.row}>
        <TextField
          {...textField('dateOfBirth')}
          label={t('verification.details.dateOfBirth')}
          type="date"
          autoComplete="bday"
          hint={t('verification.details.dateOfBirthHint')}
          required
        />
        <CountryField {...textField('country')} required />
      </div>
      <TextField
        {...textField('addressLine')}
        label={t('verification.details.street')}
        autoComplete="street-address"
        required
      />
      <div className={formLayout.row}>
        <TextField
          {...textField('city')}
          label={t('verification.details.city')}
          autoComplete="address-level2"
          required
        />
        <TextField
          {...textField('postalCode')}
          label={t('verification.details.postalCode')}
          autoComplete="postal-code"
          required
        />
      </div>
      <div className={formLayout.footer}>
        <Button type="submit" variant="primary" isLoading={save.isPending}>
          {saved ? t('verification.details.save') : t('verification.details.continue')}
        </Button>
      </div>
    </form>
  );
}
