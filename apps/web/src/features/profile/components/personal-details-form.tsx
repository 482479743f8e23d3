import { type TUser, ZUpdateProfileRequest } from '@td/contracts/profile';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { IconCheck } from '../../../components/icons';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { COUNTRIES } from '../../../lib/countries';
import {
  hasFieldErrors,
  serverFieldErrors,
  type TFieldErrors,
  zodFieldErrors,
} from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';
import styles from './profile-forms.module.css';

const FIELDS = ['firstName', 'lastName', 'phone', 'country'] as const;
type TDetailsField = (typeof FIELDS)[number];
type TDetailsValues = Record<TDetailsField, string>;

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

function valuesOf(user: TUser): TDetailsValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    country: user.country ?? '',
  };
}

/** First and last name, phone and country; the e-mail is shown read-only (it is the login). */
export function PersonalDetailsForm({ user }: { user: TUser }) {
  // The saved values: the form is "changed" when it differs from them. They follow the server, so
  // after a save (and the refetch) the form is clean again without being reset by hand.
  const saved = useMemo(() => valuesOf(user), [user]);
  const [values, setValues] = useState<TDetailsValues>(saved);
  const [errors, setErrors] = useState<TFieldErrors<TDetailsField>>({});
  const fieldRefs = useRef<Partial<Record<TDetailsField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const updateProfile = useUpdateProfile();

  const isDirty = FIELDS.some((field) => values[field].trim() !== saved[field]);

  const update = (field: TDetailsField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZUpdateProfileRequest.safeParse({
      firstName: values.firstName,
      lastName: values.lastName,
      // An emptied phone or country is a removal, which the API spells null.
      phone: values.phone.trim() || null,
      country: values.country || null,
    });
    const found: TFieldErrors<TDetailsField> = parsed.success ? {} : zodFieldErrors(parsed.error);
    setErrors(found);
    if (hasFieldErrors(found) || !parsed.success) {
      const first = FIELDS.find((field) => found[field]);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    updateProfile.mutate(parsed.data, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => setErrors(serverFieldErrors<TDetailsField>(error)),
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.row}>
        <TextField
          ref={(element) => {
            fieldRefs.current.firstName = element;
          }}
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={(event) => update('firstName', event.target.value)}
          error={errors.firstName}
          required
        />
        <TextField
          ref={(element) => {
            fieldRefs.current.lastName = element;
          }}
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={(event) => update('lastName', event.target.value)}
          error={errors.lastName}
          required
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        value={user.email}
        readOnly
        aria-readonly="true"
        labelAside={
          user.emailVerified ? (
            <Badge tone="positive" icon={<IconCheck size={12} />}>
              Verified
            </Badge>
          ) : (
            <Badge tone="warning">Not verified</Badge>
          )
        }
        hint="Your email is your login and cannot be changed here."
      />
      <div className={styles.row}>
        <TextField
          ref={(element) => {
            fieldRefs.current.phone = element;
          }}
          label="Phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+44 20 7946 0000"
          value={values.phone}
          onChange={(event) => update('phone', event.target.value)}
          error={errors.phone}
          hint="With the country code."
        />
        <SelectField
          ref={(element) => {
            fieldRefs.current.country = element;
          }}
          label="Country of residence"
          name="country"
          autoComplete="country"
          placeholder="Select a country"
          options={COUNTRY_OPTIONS}
          value={values.country}
          onChange={(event) => update('country', event.target.value)}
          error={errors.country}
        />
      </div>
      <div className={styles.footer}>
        {isDirty ? (
          <Button variant="ghost" onClick={() => setValues(saved)} disabled={updateProfile.isPending}>
            Discard changes
          </Button>
        ) : null}
        <Button type="submit" variant="primary" isLoading={updateProfile.isPending} disabled={!isDirty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
