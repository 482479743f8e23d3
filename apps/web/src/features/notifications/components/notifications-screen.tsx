// The notification centre page: every notification, newest first a page at a time (opening one
// marks it read), beside the price alerts card, where the user asks to be told once when a pair
// rises to or falls to a price.
import type { TNotification, TPriceAlert } from '@td/contracts/notifications';
import { ZPriceInput } from '@td/contracts/trading';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { IconBell, IconX } from '../../../components/app-icons';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { DataTable, type TColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, usePager } from '../../../components/paged-table';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { usePairs } from '../../../domain/market/get-pairs';
import { usePrices } from '../../../domain/market/get-prices';
import { formatDateTime, readDecimalInput } from '../../../lib/format';
import { displayPair, displaySymbol, formatGivenPrice, formatPrice } from '../../../lib/format-market';
import { useT } from '../../../lib/i18n';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { useAlerts, useCreateAlert, useDeleteAlert } from '../api/price-alerts';
import { NotificationMessage } from './notification-message';
import { notificationTarget } from './notification-target';
import styles from './notifications.module.css';

const PAGE_SIZE = 20;

/** "Notify me when PAIR crosses PRICE": the form and the list of alerts, each firing once. */
function PriceAlertsCard() {
  const t = useT();
  const pairs = usePairs();
  const alerts = useAlerts();
  const create = useCreateAlert();
  const remove = useDeleteAlert();
  const [symbol, setSymbol] = useState('BTC_USDT');
  const [direction, setDirection] = useState<'above' | 'below'>('above');
  const [price, setPrice] = useState('');
  const [priceError, setPriceError] = useState<string>();
  const pair = pairs.data?.find((candidate) => candidate.symbol === symbol);
  const current = usePrices().data?.[pair?.key ?? '']?.price;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The rule the server applies: said under the field, before anything is sent.
    // Read as the language writes numbers: '42.842,50' in Spanish is 42842.50.
    const value = readDecimalInput(price);
    if (value === null || !ZPriceInput('Price').safeParse(value).success) {
      setPriceError(t('notifications.alerts.priceInvalid'));
      return;
    }
    try {
      await create.mutateAsync(direction === 'above' ? { symbol, above: value } : { symbol, below: value });
      setPrice('');
    } catch {
      // The api client has shown the error.
    }
  };

  const columns: TColumn<TPriceAlert>[] = [
    {
      key: 'pair',
      header: t('notifications.alerts.pair'),
      isPrimary: true,
      cell: (alert) => displaySymbol(alert.symbol),
    },
    {
      key: 'when',
      header: t('notifications.alerts.when'),
      // The price as the pair writes it: thousands separated, its own decimals.
      cell: (alert) =>
        alert.direction === 'above'
          ? t('notifications.alerts.risesTo', { price: formatGivenPrice(alert.price) })
          : t('notifications.alerts.fallsTo', { price: formatGivenPrice(alert.price) }),
    },
    {
      key: 'state',
      header: t('notifications.alerts.status'),
      cell: (alert) =>
        alert.firedAt ? (
          <Badge tone="positive">
            {t('notifications.alerts.fired', { time: formatDateTime(alert.firedAt) })}
          </Badge>
        ) : (
          <Badge tone="info">{t('notifications.alerts.waiting')}</Badge>
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
            aria-label={t('notifications.alerts.delete', { pair: displaySymbol(alert.symbol) })}
            onClick={() => remove.mutate(alert.id)}
          />
        ),
    },
  ];

  return (
    <Card title={t('notifications.alerts.title')} isFlush>
      <form className={styles.alertForm} onSubmit={(event) => void onSubmit(event)}>
        <SelectField
          label={t('notifications.alerts.pair')}
          value={symbol}
          onChange={(event) => setSymbol(event.target.value)}
          options={(pairs.data ?? [{ symbol: 'BTC_USDT', base: 'BTC', quote: 'USDT' }]).map((pair) => ({
            value: pair.symbol,
            label: displayPair(pair.base, pair.quote),
          }))}
        />
        <SelectField
          label={t('notifications.alerts.crosses')}
          value={direction}
          onChange={(event) => setDirection(event.target.value === 'below' ? 'below' : 'above')}
          options={[
            { value: 'above', label: t('notifications.alerts.above') },
            { value: 'below', label: t('notifications.alerts.below') },
          ]}
        />
        <TextField
          label={t('notifications.alerts.price')}
          inputMode="decimal"
          value={price}
          placeholder={t('notifications.alerts.pricePlaceholder')}
          hint={
            pair && current !== undefined
              ? t('notifications.alerts.currentPrice', { price: formatPrice(current, pair.pricePrecision) })
              : undefined
          }
          error={priceError}
          onChange={(event) => {
            setPrice(event.target.value);
            setPriceError(undefined);
          }}
        />
        <Button
          type="submit"
          variant="primary"
          size="lg"
          className={styles.alertSubmit}
          isLoading={create.isPending}
          disabled={!price}
        >
          {t('notifications.alerts.add')}
        </Button>
      </form>
      <DataTable
        caption={t('notifications.alerts.title')}
        columns={columns}
        rows={alerts.data}
        rowKey={(alert) => alert.id}
        isLoading={alerts.isPending}
        skeletonRows={2}
        empty={
          <EmptyState
            icon={<IconBell size={24} />}
            title={t('notifications.alerts.empty')}
            description={t('notifications.alerts.emptyText')}
          />
        }
      />
    </Card>
  );
}

/** The notification centre: everything the app told the user, newest first, and their price alerts. */
export function NotificationsScreen() {
  const t = useT();
  const pager = usePager(PAGE_SIZE);
  const query = useNotifications(pager.page, pager.limit);
  const markRead = useMarkNotificationsRead();
  const data = query.data;

  const columns: TColumn<TNotification>[] = [
    {
      key: 'message',
      header: t('notifications.column.notification'),
      isPrimary: true,
      cell: (item) => (
        <Link
          to={notificationTarget(item)}
          className={[styles.rowLink, item.readAt ? '' : styles.unread].join(' ')}
          onClick={() => (item.readAt ? undefined : markRead.mutate([item.id]))}
          data-unread={item.readAt ? undefined : true}
        >
          <NotificationMessage item={item} />
        </Link>
      ),
    },
    {
      key: 'at',
      header: t('notifications.column.when'),
      align: 'end',
      cell: (item) => <span className="tabular">{formatDateTime(item.createdAt)}</span>,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('account.notifications')}
        description={t('notifications.description')}
        actions={
          <Button
            disabled={!data || data.unread === 0}
            isLoading={markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      <div className={styles.columns}>
        <Card
          title={data ? t('notifications.allUnread', { unread: data.unread }) : t('notifications.all')}
          isFlush
        >
          <PagedTable
            caption={t('account.notifications')}
            columns={columns}
            query={query}
            pager={pager}
            noun={t('notifications.noun')}
            errorTitle={t('notifications.loadError')}
            skeletonRows={6}
            empty={<EmptyState icon={<IconBell size={24} />} title={t('notifications.empty')} />}
          />
        </Card>
        <PriceAlertsCard />
      </div>
    </>
  );
}
