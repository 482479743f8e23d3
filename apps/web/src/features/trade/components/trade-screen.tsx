// The Trade tab: the chosen pair's chart beside the order ticket, and under them the active
// account's open positions and pending orders, live through the stream (polled while it is down).
// On a desktop the chart and positions are fitted to the window.
import { DEFAULT_PAIR } from '@td/contracts/constants';
import { ORDER_CODE } from '@td/contracts/statuses';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FilterTabs } from '../../../components/filter-tabs';
import { IconActivity, IconInfo } from '../../../components/icons';
import { IconClock as IconPending } from '../../../components/market-icons';
import { PageHeader } from '../../../components/page-header';
import { PairSpecDialog } from '../../../domain/financing/components/pair-spec-dialog';
import { usePairs } from '../../../domain/market/get-pairs';
import { useActiveAccount } from '../../../domain/trading/account-store';
import { AccountSwitch } from '../../../domain/trading/components/account-switch';
import { MarginBar } from '../../../domain/trading/components/margin-bar';
import { OpenOrdersTable } from '../../../domain/trading/components/open-orders-table';
import { OPEN_ORDERS_LIMIT, useOrders } from '../../../domain/trading/get-orders';
import { PORTFOLIO_REFRESH_MS, usePortfolio } from '../../../domain/trading/get-portfolio';
import { useTradingStream } from '../../../domain/trading/use-trading-stream';
import { displaySymbol } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { useStreamStatus } from '../../../lib/stream-status';
import { useTradeSelection } from '../hooks/use-trade-selection';
import { OrderTicket } from './order-ticket';
import { TradeChart } from './trade-chart';
import styles from './trade-screen.module.css';

type TOrdersTab = 'positions' | 'pending';

/**
 * The Trade tab: the chart of the chosen pair beside the order ticket, and under them the open
 * positions and pending orders of the active account (Demo or Real), live.
 */
export function TradeScreen() {
  const t = useT();
  const { symbol, interval, selectPair, selectInterval } = useTradeSelection();
  const account = useActiveAccount();
  const [tab, setTab] = useState<TOrdersTab>('positions');
  const [specOf, setSpecOf] = useState<string | undefined>();
  const pairsQuery = usePairs();
  const portfolioQuery = usePortfolio(account);
  useTradingStream();
  const isStreamConnected = useStreamStatus() === 'connected';
  // Without the user's stream, orders are polled while any is open (TP/SL and limits fire server-side).
  const pollMs = isStreamConnected ? false : PORTFOLIO_REFRESH_MS;
  const positionsQuery = useOrders(
    { account, status: [ORDER_CODE.active], limit: OPEN_ORDERS_LIMIT },
    { refetchIntervalMs: pollMs },
  );
  const pendingQuery = useOrders(
    { account, status: [ORDER_CODE.pending], limit: OPEN_ORDERS_LIMIT },
    { refetchIntervalMs: pollMs },
  );
  const tabQuery = tab === 'positions' ? positionsQuery : pendingQuery;

  const pairs = pairsQuery.data;
  const pair =
    pairs?.find((candidate) => candidate.symbol === symbol) ??
    pairs?.find((candidate) => candidate.symbol === DEFAULT_PAIR) ??
    pairs?.[0];

  const layoutRef = useRef<HTMLDivElement>(null);
  useFitToWindow(layoutRef);

  const positionsCount = positionsQuery.data?.total;
  const pendingCount = pendingQuery.data?.total;

  return (
    <>
      <PageHeader
        title={t('trade.title')}
        description={t('trade.description')}
        actions={
          <div className={styles.headerActions}>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setSpecOf(pair?.symbol)}
              disabled={!pair}
              data-testid="trade-spec-open"
              aria-label={
                pair ? t('financing.spec.openFor', { pair: displaySymbol(pair.symbol) }) : undefined
              }
            >
              <IconInfo size={16} />
              {t('financing.spec.open')}
            </Button>
            <AccountSwitch />
          </div>
        }
      />
      <PairSpecDialog symbol={specOf} onClose={() => setSpecOf(undefined)} />
      <MarginBar account={account} balance={portfolioQuery.data} />
      <div ref={layoutRef} className={styles.layout}>
        {/* Desktop: the chart above the dock of positions, fitted to the window beside the ticket;
            narrower screens: chart, ticket, then the positions (the column dissolves). */}
        <div className={styles.main}>
          <div className={styles.chart}>
            <TradeChart
              pairs={pairs}
              pair={pair}
              interval={interval}
              onPairChange={selectPair}
              onIntervalChange={selectInterval}
              positions={positionsQuery.data?.items}
              pending={pendingQuery.data?.items}
              isError={pairsQuery.isError}
              onRetry={() => void pairsQuery.refetch()}
            />
          </div>
          <Card className={styles.orders} isFlush data-testid="positions-dock">
            <div className={styles.ordersHeader}>
              <FilterTabs
                label={t('trade.orders.label')}
                tabs={[
                  { value: 'positions', label: t('trade.orders.positions'), badge: positionsCount },
                  { value: 'pending', label: t('trade.orders.pending'), badge: pendingCount },
                ]}
                value={tab}
                onChange={setTab}
                controls="trade-orders"
              />
              <span className={styles.live} data-live={isStreamConnected || undefined}>
                <span className={styles.liveDot} aria-hidden="true" />
                {t(isStreamConnected ? 'trade.orders.live' : 'trade.orders.polling')}
              </span>
            </div>
            <div
              id="trade-orders"
              role="tabpanel"
              className={styles.ordersBody}
              data-scroll-box
              aria-label={t(tab === 'positions' ? 'trade.orders.positions' : 'trade.orders.pending')}
            >
              <OpenOrdersTable
                isCompact
                kind={tab}
                orders={tabQuery.data?.items}
                pairs={pairs}
                isLoading={tabQuery.isPending}
                isError={tabQuery.isError}
                onRetry={() => void tabQuery.refetch()}
                empty={
                  tab === 'positions'
                    ? {
                        icon: <IconActivity size={24} />,
                        title: t('trade.orders.noPositions'),
                        description: t('trade.orders.noPositionsHint'),
                      }
                    : {
                        icon: <IconPending size={24} />,
                        title: t('trade.orders.noPending'),
                        description: t('trade.orders.noPendingHint'),
                      }
                }
              />
            </div>
          </Card>
        </div>
        <div className={styles.ticket}>
          <OrderTicket
            pair={pair}
            account={account}
            freeMargin={portfolioQuery.data?.freeMargin}
            balance={portfolioQuery.data?.balance}
            risk={portfolioQuery.data}
          />
        </div>
      </div>
    </>
  );
}

/**
 * Keeps in `--trade-top` how far down the page the layout starts (the header, the margin bar above
 * it), so its CSS can fit the chart and the dock of positions into the window below it.
 */
function useFitToWindow(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      element.style.setProperty('--trade-top', `${top}px`);
    };
    measure();
    // What sits above it may change height as it loads (the margin bar, a notice).
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
}
