import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { IconHistory } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';

export function HistoryScreen() {
  return (
    <>
      <PageHeader title="History" description="Your orders, deposits and withdrawals." />
      <Card>
        <EmptyState
          icon={<IconHistory size={24} />}
          title="Your past orders and transactions will appear here."
          description="Review filled, closed and cancelled orders by period, and export them as CSV."
        />
      </Card>
    </>
  );
}
