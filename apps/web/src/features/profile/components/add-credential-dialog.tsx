// The dialog the API keys and passkeys cards share to add a credential: its name first, then its
// own fields, then the proof of who asks (password or e-mailed code, and the authenticator code).
import type { ReactNode } from 'react';
import { FormDialog, type TFormDialogProps } from '../../../components/dialog';
import { TextField } from '../../../components/text-field';
import styles from './credentials-card.module.css';
import { ProofFields, type TProofFieldsProps } from './proof-fields';

interface TNameField {
  label: string;
  /** The input's name, as the server names the field. */
  name: string;
  placeholder: string;
  /** The longest name the server takes; a few more letters can be typed, to be told so. */
  max: number;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

interface TAddCredentialDialogProps extends TFormDialogProps {
  /** What the user calls the credential, the dialog's first field. */
  nameField: TNameField;
  /** The form's other fields, under the name. */
  children?: ReactNode;
  /** A line above the proof fields that says why they are asked for. */
  proofIntro?: string;
  /** The proof's fields, as useProof gives them. */
  proof: { fields: TProofFieldsProps };
}

/** The dialog that adds a credential: its name, its own fields, then the proof of who asks. */
export function AddCredentialDialog({
  nameField,
  children,
  proofIntro,
  proof,
  ...dialog
}: TAddCredentialDialogProps) {
  return (
    <FormDialog {...dialog}>
      <div className={styles.form}>
        <TextField
          label={nameField.label}
          name={nameField.name}
          autoComplete="off"
          placeholder={nameField.placeholder}
          maxLength={nameField.max + 8}
          value={nameField.value}
          onChange={(event) => nameField.onChange(event.target.value)}
          error={nameField.error}
        />
        {children}
        {proofIntro ? <p className={styles.proofIntro}>{proofIntro}</p> : null}
        <ProofFields {...proof.fields} />
      </div>
    </FormDialog>
  );
}
