import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AVATAR_BYTES_MAX, AVATAR_TYPES, type TUser, ZAvatarData } from '@td/contracts/profile';
import { PROFILE_QUERY_KEY } from '../../../domain/identity/get-profile';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

/** What a failed upload's toast says when the server gives no reason. */
const AVATAR_UPLOAD_FAILED_MESSAGE = 'Profile image upload failed';

/** The server's own limits, checked before a byte is sent; null when the file may go. */
export function avatarFileError(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return t('profile.avatar.typeError');
  if (file.size > AVATAR_BYTES_MAX)
    return t('profile.avatar.sizeError', { size: AVATAR_BYTES_MAX / (1024 * 1024) });
  return null;
}

interface TUploadAvatarInput {
  file: File;
  /** 0 to 1 as the bytes leave. */
  onProgress?: (fraction: number) => void;
}

/** POST /profile/image, multipart field `image` → "Profile image uploaded successfully", {avatarUrl}. */
export function uploadAvatar({ file, onProgress }: TUploadAvatarInput) {
  const body = new FormData();
  body.append('image', file);
  return api.post('/profile/image', body, {
    schema: ZAvatarData,
    fallbackErrorMessage: AVATAR_UPLOAD_FAILED_MESSAGE,
    // Not JSON: the browser sets multipart/form-data with its boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(event.loaded / event.total);
    },
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: ({ data }) => {
      // The new picture shows at once everywhere (header included), then the user is refreshed.
      queryClient.setQueryData<TUser>(PROFILE_QUERY_KEY, (user) =>
        user ? { ...user, avatarUrl: data.avatarUrl } : user,
      );
      return queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
}
