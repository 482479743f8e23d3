import { paymentStatusTone } from '@td/contracts/statuses';
import { Badge } from '../../../components/badge';
import { paymentStatusText } from '../../../lib/labels';

/** A deposit's or withdrawal's status in the product's words (Confirmed, Pending, Under review…). */
export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={paymentStatusTone(status)}>
      <span data-status={status}>{paymentStatusText(status)}</span>
    </Badge>
  );
}
