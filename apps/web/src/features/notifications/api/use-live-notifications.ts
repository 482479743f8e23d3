import { useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect } from 'react';
import toast from 'react-hot-toast';
import { IconBell } from '../../../components/app-icons';
import { KYC_QUERY_KEY } from '../../../domain/identity/get-kyc';
import { walletKeys } from '../../../domain/wallet/query-keys';
import { translateServerMessage } from '../../../lib/i18n';
import { subscribeUserEvents } from '../../../lib/socket';
import { WALLET_NOTIFICATION_KINDS } from '../components/notification-target';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications';
import { ALERTS_QUERY_KEY } from './price-alerts';

/**
 * The stream's `notification` events while the dashboard is open: each shows as a toast, and the
 * centre (and what the event is about: a ticket, the alerts, the identity verification, the
 * wallet's deposits and withdrawals) refreshes; all of them after events may have been missed.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeUserEvents({
        onNotification: (event) => {
          // The product's own bell, not an emoji: a phone or desktop without an emoji font shows a box.
          toast(translateServerMessage(event.message), {
            id: `notification:${event.id}`,
            icon: createElement(IconBell, { size: 16 }),
          });
          void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
          if (event.kind === 'ticket_reply') void queryClient.invalidateQueries({ queryKey: ['tickets'] });
          if (event.kind === 'price_alert')
            void queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY });
          // An identity decision opens (or explains) withdrawals at once.
          if (event.kind === 'kyc_approved' || event.kind === 'kyc_rejected')
            void queryClient.invalidateQueries({ queryKey: KYC_QUERY_KEY });
          if (WALLET_NOTIFICATION_KINDS.includes(event.kind))
            void queryClient.invalidateQueries({ queryKey: walletKeys.transactions() });
        },
        onResync: () => {
          for (const queryKey of [NOTIFICATIONS_QUERY_KEY, ['tickets'], ALERTS_QUERY_KEY, KYC_QUERY_KEY])
            void queryClient.invalidateQueries({ queryKey });
          void queryClient.invalidateQueries({ queryKey: walletKeys.transactions() });
        },
      }),
    [queryClient],
  );
}
