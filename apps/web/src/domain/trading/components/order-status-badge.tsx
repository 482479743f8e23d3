import { ORDER_STATUS_TONE, orderStatusLabel, type TOrderStatus } from '@td/contracts/statuses';
import { Badge } from '../../../components/badge';

/** An order's status in the product's words (Done, Active, Rejected, Manual Close, Canceled, Pending). */
export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  return (
    <Badge tone={ORDER_STATUS_TONE[status]}>
      <span data-status={status}>{orderStatusLabel(status)}</span>
    </Badge>
  );
}
