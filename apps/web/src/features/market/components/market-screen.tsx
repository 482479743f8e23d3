import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { IconLineChart } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';

export function MarketScreen() {
  return (
    <>
      <PageHeader title="Market" description="Live prices across crypto, forex and stocks." />
      <Card>
        <EmptyState
          icon={<IconLineChart size={24} />}
          title="Live prices for every pair will appear here."
          description="Browse crypto, forex and stock pairs with their 24-hour change, filter them and mark your favourites."
        />
      </Card>
    </>
  );
}
