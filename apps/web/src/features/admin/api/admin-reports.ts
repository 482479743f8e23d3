// The back office's reports: the client-money check (clients' Real balances against the wallet's
// record) and the CSV downloads, fetched through the API client so they carry the bearer token.
import { useQuery } from '@tanstack/react-query';
import { ZClientMoney } from '@td/contracts/reports';
import { api, apiClient } from '../../../lib/api-client';
import { downloadTextFile } from '../../../lib/download';

const FILE_NAME_PATTERN = /filename="?([^";]+)"?/i;

/** GET /admin/reports/client-money → clients' Real balances against the wallet's record. */
export const useClientMoney = () =>
  useQuery({
    queryKey: ['admin', 'reports', 'client-money'],
    queryFn: async () =>
      (await api.get('/admin/reports/client-money', { schema: ZClientMoney, silent: true })).data,
  });

/**
 * A report as CSV, saved as the file the server names. Through the api client, so it carries the
 * bearer token (a plain link could not); a failure toasts there.
 */
async function downloadCsv(url: string, params: Record<string, string>, fallbackName: string) {
  const response = await apiClient.get<string>(url, {
    params,
    responseType: 'text',
    headers: { Accept: 'text/csv' },
    fallbackErrorMessage: 'Download failed',
  });
  const disposition = String(response.headers['content-disposition'] ?? '');
  downloadTextFile(FILE_NAME_PATTERN.exec(disposition)?.[1] ?? fallbackName, response.data);
}

/** GET /admin/reports/daily?date= → the UTC day's orders as a CSV file. */
export const downloadDailyReport = (date: string) =>
  downloadCsv('/admin/reports/daily', { date }, `orders-report-${date}.csv`);

/** GET /admin/reports/client-money?format=csv → the same figures as a CSV file. */
export const downloadClientMoney = () =>
  downloadCsv('/admin/reports/client-money', { format: 'csv' }, 'client-money.csv');
