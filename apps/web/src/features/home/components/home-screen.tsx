import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { IconDashboard } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';

export function HomeScreen() {
  return (
    <>
      <PageHeader title="Dashboard" description="Your account and the markets at a glance." />
      <Card>
        <EmptyState
          icon={<IconDashboard size={24} />}
          title="Your account overview will appear here."
          description="Balances of your demo and real accounts, open positions and live prices of your favourite pairs."
        />
      </Card>
    </>
  );
}
