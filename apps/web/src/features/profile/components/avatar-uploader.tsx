// The profile picture and its upload: the file is checked in the browser first, previewed at once
// and sent with a progress ring; a failed upload brings the old picture back.
import { AVATAR_TYPES } from '@td/contracts/profile';
import { type ChangeEvent, type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { IconCamera } from '../../../components/app-icons';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { useT } from '../../../lib/i18n';
import { avatarFileError, useUploadAvatar } from '../api/upload-avatar';
import styles from './avatar-uploader.module.css';

const AVATAR_SIZE_PX = 96;

interface TAvatarUploaderProps {
  avatarUrl: string | null;
  name: string;
}

/**
 * The profile picture with its upload: the file is checked here first (type, 2 MB, the server's
 * limits), shown at once as a preview, and sent with a progress ring; a failure restores the old one.
 */
export function AvatarUploader({ avatarUrl, name }: TAvatarUploaderProps) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadAvatar();

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileError(file);
    setError(problem);
    if (problem) return;

    setPreviewUrl(URL.createObjectURL(file));
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: () => {
          setPreviewUrl(null);
          setError(t('profile.avatar.uploadFailed'));
        },
      },
    );
  };

  // After a successful upload the preview stays until the new picture from the server replaces it.
  useEffect(() => {
    if (upload.isSuccess && avatarUrl && avatarUrl === upload.data.data.avatarUrl) setPreviewUrl(null);
  }, [avatarUrl, upload.isSuccess, upload.data]);

  const isUploading = upload.isPending;
  const percent = Math.round(progress * 100);

  return (
    <div className={styles.uploader}>
      <button
        type="button"
        className={styles.avatarButton}
        onClick={() => inputRef.current?.click()}
        disabled={isUploading}
        aria-describedby={hintId}
      >
        <span className="visually-hidden">{t('profile.avatar.changeLabel')}</span>
        <Avatar src={previewUrl ?? avatarUrl} name={name} size={AVATAR_SIZE_PX} />
        {isUploading ? (
          <span className={styles.progress} style={{ '--progress': `${percent}%` } as CSSProperties}>
            <span className={styles.progressValue}>{percent}%</span>
          </span>
        ) : (
          <span className={styles.cameraBadge} aria-hidden="true">
            <IconCamera size={14} />
          </span>
        )}
      </button>
      <div className={styles.side}>
        <Button
          size="sm"
          variant="secondary"
          icon={<IconCamera size={14} />}
          onClick={() => inputRef.current?.click()}
          isLoading={isUploading}
        >
          {isUploading
            ? t('profile.avatar.uploading', { percent })
            : avatarUrl
              ? t('profile.avatar.change')
              : t('profile.avatar.upload')}
        </Button>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : (
          <p id={hintId} className={styles.hint}>
            {t('profile.avatar.hint')}
          </p>
        )}
      </div>
      <input
        ref={inputRef}
        type="file"
        name="image"
        accept={AVATAR_TYPES.join(',')}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onFileChosen}
      />
    </div>
  );
}
