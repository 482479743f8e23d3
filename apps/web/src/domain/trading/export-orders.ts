// Downloads the order history the filters select as a CSV file. It goes through the API client,
// not a plain link, so the request carries the session's token.
import type { TLanguageCode } from '@td/contracts/auth';
import type { TAccount, TPeriod } from '@td/contracts/constants';
import type { TOrderStatus } from '@td/contracts/statuses';
import { apiClient } from '../../lib/api-client';
import { downloadTextFile } from '../../lib/download';

export interface TExportFilters {
  account: TAccount;
  status?: readonly TOrderStatus[];
  period: TPeriod;
  /** The language of the file's column names (History's headers). */
  language: TLanguageCode;
}

const FILE_NAME_PATTERN = /filename="?([^";]+)"?/i;

/**
 * GET /orders/export → a CSV of the orders the filters select, saved as a file. Through the api
 * client, so it carries the bearer token (a plain link could not); a failure toasts there.
 */
export async function exportOrdersCsv(filters: TExportFilters): Promise<void> {
  const params: Record<string, string> = {
    account: filters.account,
    period: filters.period,
    lang: filters.language,
  };
  if (filters.status && filters.status.length > 0) params.status = filters.status.join(',');
  const response = await apiClient.get<string>('/orders/export', {
    params,
    responseType: 'text',
    headers: { Accept: 'text/csv' },
    fallbackErrorMessage: 'Export failed',
  });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const fileName =
    FILE_NAME_PATTERN.exec(disposition)?.[1] ?? `orders-${new Date().toISOString().slice(0, 10)}.csv`;
  downloadTextFile(fileName, response.data);
}
