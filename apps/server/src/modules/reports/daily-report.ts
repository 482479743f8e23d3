import { DAILY_REPORT_COLUMNS } from '@td/contracts/reports';
import { orderStatusLabel } from '@td/contracts/statuses';
import { orderReasonText } from '@td/contracts/trading';
import { CSV_EOL, csvLine } from '../../platform/http/csv';
import { toOrderDto } from '../trading/order-dto';
import type { OrderRow } from '../trading/orders.repository';

/** The UTC day `YYYY-MM-DD` as [start, end). */
export function dayBounds(day: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00.000Z`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** The report's header line. */
export const dailyReportHeader = () => csvLine(DAILY_REPORT_COLUMNS) + CSV_EOL;

/** One order as a line of the daily report (decimal strings as the API writes them, never floats). */
export function dailyReportLine(row: OrderRow, email: string): string {
  const dto = toOrderDto(row);
  return (
    csvLine([
      dto.id,
      row.userId,
      email,
      dto.account,
      dto.symbol,
      dto.side,
      dto.type,
      dto.amount,
      dto.leverage,
      dto.price,
      dto.openedAt,
      dto.closePrice,
      dto.closedAt,
      orderStatusLabel(dto.status),
      orderReasonText(dto.reason),
      dto.fee,
      dto.swap,
      dto.pnl,
    ]) + CSV_EOL
  );
}

/** The file a day's report downloads as. */
export const dailyReportFileName = (day: string) => `orders-report-${day}.csv`;
