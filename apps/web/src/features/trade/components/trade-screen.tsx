import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { IconCandles } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';

export function TradeScreen() {
  return (
    <>
      <PageHeader title="Trade" description="Chart a pair and place your orders." />
      <Card>
        <EmptyState
          icon={<IconCandles size={24} />}
          title="The chart and order ticket will appear here."
          description="Pick a pair, follow its live chart and place market or limit orders with take profit and stop loss."
        />
      </Card>
    </>
  );
}
