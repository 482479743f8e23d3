/** A person's first and last name side by side, as the sign-up, profile and verification forms ask. */
import { TextField, type TTextFieldProps } from './text-field';

/** A name field's own props: its label, value, change and error (the form's binding). */
type TNameField = TTextFieldProps & { label: string };

/** Both required, marked for the browser's autofill of a given and a family name. */
export function NameFields({
  first,
  last,
  className,
}: {
  first: TNameField;
  last: TNameField;
  className: string | undefined;
}) {
  return (
    <div className={className}>
      <TextField {...first} autoComplete="given-name" required />
      <TextField {...last} autoComplete="family-name" required />
    </div>
  );
}
