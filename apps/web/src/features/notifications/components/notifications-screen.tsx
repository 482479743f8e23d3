import type { TNotification, TPriceAlert } from '@td/contracts/notifications';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { IconBell, IconX } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, usePager } from '../../../components/paged-table';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { usePairs } from '../../../domain/market/get-pairs';
import { formatDateTime } from '../../../lib/format';
import { displayPair, displaySymbol, formatGivenPrice } from '../../../lib/format-market';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { useAlerts, useCreateAlert, useDeleteAlert } from '../api/price-alerts';
import { notificationTarget } from './notification-target';
import styles from './notifications.module.css';

const PAGE_SIZE = 20;

/** "Notify me when PAIR crosses PRICE": the form and the list of alerts, each firing once. */
function PriceAlertsCard() {
  const pairs = usePairs();
  const alerts = useAlerts();
  const create = useCreateAlert();
  const remove = useDeleteAlert();
  const [symbol, setSymbol] = useState('BTC_USDT');
  const [direction, setDirection] = useState<'above' | 'below'>('above');
  const [price, setPrice] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await create.mutateAsync(direction === 'above' ? { symbol, above: price } : { symbol, below: price });
      setPrice('');
    } catch {
      // The api client has shown the error.
    }
  };

  const columns: TColumn<TPriceAlert>[] = [
    { key: 'pair', header: 'Pair', isPrimary: true, cell: (alert) => displaySymbol(alert.symbol) },
    {
      key: 'when',
      header: 'When',
      // The price as the pair writes it: thousands separated, its own decimals.
      cell: (alert) =>
        `${alert.direction === 'above' ? 'Rises to' : 'Falls to'} ${formatGivenPrice(alert.price)}`,
    },
    {
      key: 'state',
      header: 'Status',
      cell: (alert) =>
        alert.firedAt ? (
          <Badge tone="positive">Fired {formatDateTime(alert.firedAt)}</Badge>
        ) : (
          <Badge tone="info">Waiting</Badge>
        ),
    },
    {
      key: 'remove',
      header: '',
      align: 'end',
      cell: (alert) =>
        alert.firedAt ? null : (
          <Button
            variant="ghost"
            size="sm"
            icon={<IconX size={14} />}
            aria-label={`Delete the alert on ${displaySymbol(alert.symbol)}`}
            onClick={() => remove.mutate(alert.id)}
          />
        ),
    },
  ];

  return (
    <Card title="Price alerts" isFlush>
      <form className={styles.alertForm} onSubmit={(event) => void onSubmit(event)}>
        <SelectField
          label="Pair"
          value={symbol}
          onChange={(event) => setSymbol(event.target.value)}
          options={(pairs.data ?? [{ symbol: 'BTC_USDT', base: 'BTC', quote: 'USDT' }]).map((pair) => ({
            value: pair.symbol,
            label: displayPair(pair.base, pair.quote),
          }))}
        />
        <SelectField
          label="Crosses"
          value={direction}
          onChange={(event) => setDirection(event.target.value === 'below' ? 'below' : 'above')}
          options={[
            { value: 'above', label: 'Above' },
            { value: 'below', label: 'Below' },
          ]}
        />
        <TextField
          label="Price"
          inputMode="decimal"
          value={price}
          placeholder="e.g. 65000"
          onChange={(event) => setPrice(event.target.value.replace(',', '.'))}
        />
        <Button type="submit" variant="primary" isLoading={create.isPending} disabled={!price}>
          Add alert
        </Button>
      </form>
      <DataTable
        caption="Price alerts"
        columns={columns}
        rows={alerts.data}
        rowKey={(alert) => alert.id}
        isLoading={alerts.isPending}
        skeletonRows={2}
        empty={
          <EmptyState
            icon={<IconBell size={24} />}
            title="No price alerts."
            description="Set one above: we tell you here and by e-mail when the price gets there."
          />
        }
      />
    </Card>
  );
}

/** The notification centre: everything the app told the user, newest first, and their price alerts. */
export function NotificationsScreen() {
  const pager = usePager(PAGE_SIZE);
  const query = useNotifications(pager.page, pager.limit);
  const markRead = useMarkNotificationsRead();
  const data = query.data;

  const columns: TColumn<TNotification>[] = [
    {
      key: 'message',
      header: 'Notification',
      isPrimary: true,
      cell: (item) => (
        <Link
          to={notificationTarget(item)}
          className={[styles.rowLink, item.readAt ? '' : styles.unread].join(' ')}
          onClick={() => (item.readAt ? undefined : markRead.mutate([item.id]))}
          data-unread={item.readAt ? undefined : true}
        >
          {item.readAt ? null : (
            <>
              <span className={styles.unreadDot} aria-hidden="true" />
              <span className="visually-hidden">Unread: </span>
            </>
          )}
          {item.message}
        </Link>
      ),
    },
    {
      key: 'at',
      header: 'When',
      align: 'end',
      cell: (item) => <span className="tabular">{formatDateTime(item.createdAt)}</span>,
    },
  ];

  return (
    <>
      <PageHeader
        title="Notifications"
        description="Ticket replies, fills, price alerts and sign-ins from new devices."
        actions={
          <Button
            disabled={!data || data.unread === 0}
            isLoading={markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            Mark all read
          </Button>
        }
      />
      <div className={styles.columns}>
        <Card title={data ? `All notifications (${data.unread} unread)` : 'All notifications'} isFlush>
          <PagedTable
            caption="Notifications"
            columns={columns}
            query={query}
            pager={pager}
            noun="notifications"
            skeletonRows={6}
            empty={<EmptyState icon={<IconBell size={24} />} title="No notifications yet." />}
          />
        </Card>
        <PriceAlertsCard />
      </div>
    </>
  );
}
