import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AVATAR_BYTES_MAX, AVATAR_TYPES, type TUser, ZAvatarData } from '@td/contracts/profile';
import { PROFILE_QUERY_KEY } from '../../../domain/identity/get-profile';
import { api } from '../../../lib/api-client';

/** What a failed upload says when the server gives no reason. */
export const AVATAR_UPLOAD_FAILED_MESSAGE = 'Profile image upload failed';
export const AVATAR_TYPE_MESSAGE = 'Choose a PNG, JPEG or WebP image';
export const AVATAR_SIZE_MESSAGE = `The image must be at most ${AVATAR_BYTES_MAX / (1024 * 1024)} MB`;

/** The server's own limits, checked before a byte is sent; null when the file may go. */
export function avatarFileError(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_TYPE_MESSAGE;
  if (file.size > AVATAR_BYTES_MAX) return AVATAR_SIZE_MESSAGE;
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
