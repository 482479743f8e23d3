// Verification level 2: the identity document's type and its photos (from the phone's camera or as
// files), each checked and prepared when chosen, then sent together with upload progress.
import { DOCUMENT_TYPES, documentKindsOf, type TDocumentKind, type TDocumentType } from '@td/contracts/kyc';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { IconCamera } from '../../../components/app-icons';
import { Button } from '../../../components/button';
import formLayout from '../../../components/form-layout.module.css';
import { IconCheckCircle } from '../../../components/icons';
import { useT } from '../../../lib/i18n';
import { documentKindText, documentTypeText } from '../../../lib/labels';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { useSubmitKyc } from '../api/kyc';
import { documentUpload } from '../document-image';
import styles from './verification.module.css';

type TChosen = Partial<Record<TDocumentKind, { blob: Blob; url: string }>>;

/** One image of the document: the phone's camera (the front one for a selfie) or a file. */
function DocumentPicker({
  kind,
  chosen,
  error,
  onChosen,
}: {
  kind: TDocumentKind;
  chosen: { url: string } | undefined;
  error: string | undefined;
  onChosen: (kind: TDocumentKind, file: File) => void;
}) {
  const t = useT();
  const inputId = `kyc-${kind}`;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onChosen(kind, file);
  };
  return (
    <div className={styles.picker} data-chosen={Boolean(chosen)} data-invalid={Boolean(error)}>
      <div className={styles.pickerPreview}>
        {chosen ? (
          <img src={chosen.url} alt={t('verification.documents.preview', { kind: documentKindText(kind) })} />
        ) : (
          <IconCamera size={24} />
        )}
      </div>
      <div className={styles.pickerText}>
        <span className={styles.pickerTitle}>
          {documentKindText(kind)}
          {chosen ? <IconCheckCircle size={14} className={styles.pickerDone} /> : null}
        </span>
        <span className={error ? styles.pickerError : styles.pickerHint} id={`${inputId}-hint`}>
          {error ?? t(`verification.documents.hint.${kind}`)}
        </span>
      </div>
      <label className={styles.pickerButton} htmlFor={inputId}>
        {chosen ? t('verification.documents.retake') : t('verification.documents.add')}
      </label>
      <input
        id={inputId}
        name={kind}
        className={styles.fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        capture={kind === 'selfie' ? 'user' : 'environment'}
        aria-label={t('verification.documents.photo', { kind: documentKindText(kind) })}
        aria-describedby={`${inputId}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={onChange}
      />
    </div>
  );
}

/** Level 2: the document type and its photos, taken with the camera on a phone or chosen as files. */
export function KycDocumentsForm() {
  const t = useT();
  const [documentType, setDocumentType] = useState<TDocumentType>('passport');
  const [chosen, setChosen] = useState<TChosen>({});
  const [errors, setErrors] = useState<Partial<Record<TDocumentKind, string>>>({});
  const [progress, setProgress] = useState(0);
  const submit = useSubmitKyc();
  const kinds = documentKindsOf(documentType);

  // Previews hold the photo in memory until revoked: a replaced one at once, the rest on leaving.
  const previews = useRef<TChosen>({});
  previews.current = chosen;
  useEffect(
    () => () => {
      for (const item of Object.values(previews.current)) if (item) URL.revokeObjectURL(item.url);
    },
    [],
  );

  const onChosen = async (kind: TDocumentKind, file: File) => {
    const result = await documentUpload(file);
    if ('error' in result) {
      setErrors((current) => ({ ...current, [kind]: result.error }));
      return;
    }
    setErrors((current) => ({ ...current, [kind]: undefined }));
    setChosen((current) => {
      const replaced = current[kind];
      if (replaced) URL.revokeObjectURL(replaced.url);
      return { ...current, [kind]: { blob: result.blob, url: URL.createObjectURL(result.blob) } };
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      kinds
        .filter((kind) => !chosen[kind])
        .map((kind) => [kind, t(`verification.documents.missing.${kind}`)]),
    );
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      document.getElementById(`kyc-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    setProgress(0);
    submit.mutate(
      {
        documentType,
        images: Object.fromEntries(kinds.map((kind) => [kind, chosen[kind]?.blob])),
        onProgress: setProgress,
      },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (error) => setErrors(serverFieldErrors<TDocumentKind>(error)),
      },
    );
  };

  return (
    <form
      className={formLayout.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('verification.documents.title')}
    >
      <fieldset className={styles.types}>
        <legend className={styles.legend}>{t('verification.documents.type')}</legend>
        {DOCUMENT_TYPES.map((type) => (
          <label key={type} className={styles.type} data-checked={type === documentType}>
            <input
              type="radio"
              name="documentType"
              value={type}
              checked={type === documentType}
              onChange={() => setDocumentType(type)}
            />
            {documentTypeText(type)}
          </label>
        ))}
      </fieldset>
      <div className={styles.pickers}>
        {kinds.map((kind) => (
          <DocumentPicker
            key={kind}
            kind={kind}
            chosen={chosen[kind]}
            error={errors[kind]}
            onChosen={onChosen}
          />
        ))}
      </div>
      <p className={styles.note}>{t('verification.documents.privacy')}</p>
      <div className={formLayout.footer}>
        {submit.isPending ? (
          <span className={`${styles.progress} tabular`} aria-live="polite">
            {Math.round(progress * 100)} %
          </span>
        ) : null}
        <Button type="submit" variant="primary" isLoading={submit.isPending}>
          {t('verification.documents.submit')}
        </Button>
      </div>
    </form>
  );
}
