import { useMemo } from 'react';
import { countriesIn } from '../lib/countries';
import { useLanguage, useT } from '../lib/i18n';
import { SelectField, type TSelectFieldProps } from './select-field';

/** The country a person lives in: every country by name, its ISO code as the value. */
export function CountryField(props: Omit<TSelectFieldProps, 'label' | 'options'> & { label?: string }) {
  const t = useT();
  const language = useLanguage();
  const options = useMemo(
    () => countriesIn(language).map((country) => ({ value: country.code, label: country.name })),
    [language],
  );
  return (
    <SelectField
      label={t('country.label')}
      autoComplete="country"
      placeholder={t('country.placeholder')}
      {...props}
      options={options}
    />
  );
}
