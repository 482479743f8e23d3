import { useMutation } from '@tanstack/react-query';
import { ZTfaGenerateData } from '@td/contracts/auth';
import { api } from '../../../lib/api-client';

/**
 * GET /auth/2fa/generate → {secret, otpauthUrl, qrCode}: a new secret to scan, pending until
 * activated. A mutation although it is a GET: each call makes a new secret, so it must run only
 * when the user asks (never a background refetch that swaps the QR code under the camera).
 */
export function generateTfa() {
  return api.get('/auth/2fa/generate', { schema: ZTfaGenerateData });
}

export function useGenerateTfa() {
  return useMutation({ mutationFn: generateTfa });
}
