import { ORDER_STATUS_TONE, type TOrderStatus } from '@td/contracts/statuses';
import { Badge } from '../../../components/badge';
import { useLanguage } from '../../../lib/i18n';
import { orderStatusText } from '../../../lib/labels';

/** An order's status in the product's words (Done, Active, Rejected, Manual Close, Canceled, Pending). */
export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  useLanguage();
  return (
    <Badge tone={ORDER_STATUS_TONE[status]}>
      <span data-status={status}>{orderStatusText(status)}</span>
    </Badge>
  );
}
