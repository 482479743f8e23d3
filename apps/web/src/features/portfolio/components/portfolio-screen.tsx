import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { IconPieChart } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';

export function PortfolioScreen() {
  return (
    <>
      <PageHeader title="Portfolio" description="Positions, balances and performance." />
      <Card>
        <EmptyState
          icon={<IconPieChart size={24} />}
          title="Your open positions will appear here."
          description="Follow equity, margin and unrealised profit and loss of every position, and close or adjust them."
        />
      </Card>
    </>
  );
}
