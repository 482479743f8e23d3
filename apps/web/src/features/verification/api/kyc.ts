import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TDocumentKind, type TDocumentType, type TKycDetails, ZKyc } from '@td/contracts/kyc';
import { KYC_QUERY_KEY } from '../../../domain/identity/get-kyc';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

/** PUT /kyc/details → level 1 once saved (an adult, in a country the service is offered in). */
export function useSaveKycDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: TKycDetails) =>
      api.put('/kyc/details', details, {
        schema: ZKyc,
        fallbackErrorMessage: t('verification.details.saveFailed'),
      }),
    onSuccess: ({ data }) => queryClient.setQueryData(KYC_QUERY_KEY, data),
  });
}

export interface TKycSubmission {
  documentType: TDocumentType;
  images: Partial<Record<TDocumentKind, Blob>>;
  onProgress?: (fraction: number) => void;
}

/** POST /kyc, multipart: the document type and its images → pending review. */
export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentType, images, onProgress }: TKycSubmission) => {
      const body = new FormData();
      body.append('documentType', documentType);
      for (const [kind, image] of Object.entries(images)) if (image) body.append(kind, image, `${kind}.jpg`);
      return api.post('/kyc', body, {
        schema: ZKyc,
        fallbackErrorMessage: t('verification.documents.sendFailed'),
        headers: { 'Content-Type': 'multipart/form-data' },
        onUploadProgress: (event) => {
          if (event.total) onProgress?.(event.loaded / event.total);
        },
      });
    },
    onSuccess: ({ data }) => queryClient.setQueryData(KYC_QUERY_KEY, data),
  });
}
