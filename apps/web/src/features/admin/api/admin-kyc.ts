// The back office's calls for identity verification (KYC): the review queue, one submission with
// its documents, re-read before the documents' signed links expire, and approving or rejecting it.
import { useQuery } from '@tanstack/react-query';
import { type TKycSubmissionStatus, ZKycSubmission, ZKycSubmissionDetail } from '@td/contracts/kyc';
import { api } from '../../../lib/api-client';
import { QUEUE_REFETCH_MS, useAdminPage, useAuditedMutation } from './admin-query';

export const ADMIN_KYC_KEY = ['admin', 'kyc'] as const;

/** GET /admin/kyc?status=&page=: the review queue (the oldest waiting first). */
export const useAdminKycSubmissions = (status: TKycSubmissionStatus | undefined, page: number) =>
  useAdminPage(ADMIN_KYC_KEY, ZKycSubmission, { status }, page, QUEUE_REFETCH_MS);

/**
 * GET /admin/kyc/{id}: the details beside the documents. The documents' signed links live for
 * minutes, so the submission is read again before they run out.
 */
export const useAdminKycSubmission = (id: string) =>
  useQuery({
    queryKey: [...ADMIN_KYC_KEY, 'one', id],
    queryFn: async () =>
      (await api.get(`/admin/kyc/${encodeURIComponent(id)}`, { schema: ZKycSubmissionDetail })).data,
    refetchInterval: 4 * 60_000,
  });

const path = (id: string, action: string) => `/admin/kyc/${encodeURIComponent(id)}/${action}`;

/** POST /admin/kyc/{id}/approve, …/reject `{reason}`: each decision audited and told to the user. */
export const approveKyc = (id: string) => api.post(path(id, 'approve'), undefined);
export const rejectKyc = ({ id, reason }: { id: string; reason: string }) =>
  api.post(path(id, 'reject'), { reason });

export const useAdminKycMutation = <TInput>(run: (input: TInput) => Promise<{ message: string }>) =>
  useAuditedMutation(ADMIN_KYC_KEY, run);
