import { COUNTRIES } from '../lib/countries';
import { SelectField, type TSelectFieldProps } from './select-field';

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

/** The country a person lives in: every country by name, its ISO code as the value. */
export function CountryField(props: Omit<TSelectFieldProps, 'label' | 'options'> & { label?: string }) {
  return (
    <SelectField
      label="Country of residence"
      autoComplete="country"
      placeholder="Select a country"
      {...props}
      options={COUNTRY_OPTIONS}
    />
  );
}
