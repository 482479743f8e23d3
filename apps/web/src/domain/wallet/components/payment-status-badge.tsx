import { paymentStatusLabel, paymentStatusTone } from '@td/contracts/statuses';
import { Badge } from '../../../components/badge';

/** A deposit's or withdrawal's status in the product's words (Confirmed, Pending, Under review…). */
export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={paymentStatusTone(status)}>
      <span data-status={status}>{paymentStatusLabel(status)}</span>
    </Badge>
  );
}
