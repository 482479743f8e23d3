import { COIN_LABEL, displayAsset, NETWORK_LABEL, type TCoin, type TNetwork } from '@td/contracts/constants';
import { PAYMENT_CODE } from '@td/contracts/statuses';
import type { Notify } from '../notifications/notifications.service';
import type { WalletTxRow } from './wallet.schema';
import { toWalletTxDto } from './wallet.service';

const coinOf = (coin: string) => (coin in COIN_LABEL ? displayAsset(COIN_LABEL[coin as TCoin]) : 'tokens');
/** 50.00000000 → 50, 0.00100000 → 0.001: a coin amount as a sentence says it. */
const plainAmount = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);
const networkOf = (network: string) =>
  network in NETWORK_LABEL ? NETWORK_LABEL[network as TNetwork] : network;

/** A deposit or withdrawal as a ticket names it: "Deposit 50 USD · Tron · #1a2b3c4d". */
export const walletTxLabel = (row: WalletTxRow) =>
  `${row.kind === 'deposit' ? 'Deposit' : 'Withdrawal'} ${plainAmount(toWalletTxDto(row).coinAmount)} ${coinOf(
    row.coin,
  )} · ${networkOf(row.network)} · #${row.id.slice(0, 8)}`;

/**
 * What the wallet tells its users, through the notification centre (and the stream) and by
 * e-mail: a deposit credited, a withdrawal approved after review, sent, or rejected or failed with
 * its funds returned. Each names the transaction, so the web app can refresh the wallet and link
 * to it.
 */
export function createWalletNotices(notify: Notify) {
  const details = (row: WalletTxRow) => {
    const dto = toWalletTxDto(row);
    return {
      transactionId: row.id,
      coin: row.coin,
      network: row.network,
      coinAmount: dto.coinAmount,
      amount: dto.amount,
      status: row.status,
      what: `${plainAmount(dto.coinAmount)} ${coinOf(row.coin)}`,
    };
  };
  return {
    async depositCredited(row: WalletTxRow): Promise<void> {
      const { what, ...payload } = details(row);
      const added = `${payload.amount} USD added to your real balance`;
      await notify(
        row.userId,
        'deposit_credited',
        { message: `Deposit credited: ${what} on ${networkOf(row.network)}, ${added}`, ...payload },
        {
          email: {
            subject: `Deposit credited: ${what}`,
            paragraphs: [
              `Your deposit of ${what} on ${networkOf(row.network)} is confirmed: ${added}.`,
              `Transaction: ${row.txHash ?? row.id}`,
            ],
          },
        },
      );
    },

    /** Held for review, then approved by an administrator: it goes out next. */
    async withdrawalApproved(row: WalletTxRow): Promise<void> {
      const { what, ...payload } = details(row);
      await notify(row.userId, 'withdrawal_approved', {
        message: `Withdrawal approved: ${what} on ${networkOf(row.network)} is on its way`,
        ...payload,
      });
    },

    async withdrawalSent(row: WalletTxRow): Promise<void> {
      const { what, ...payload } = details(row);
      await notify(
        row.userId,
        'withdrawal_sent',
        { message: `Withdrawal sent: ${what} on ${networkOf(row.network)}`, ...payload, txHash: row.txHash },
        {
          email: {
            subject: `Withdrawal sent: ${what}`,
            paragraphs: [
              `Your withdrawal of ${what} on ${networkOf(row.network)} has been sent to ${row.address}.`,
              `Transaction: ${row.txHash ?? row.id}`,
            ],
          },
        },
      );
    },

    /** Rejected by an administrator (with the reason) or failed on its way; the funds are back. */
    async withdrawalReturned(row: WalletTxRow): Promise<void> {
      const { what, ...payload } = details(row);
      const back = `${payload.amount} USD is back in your real balance`;
      const message =
        row.status === PAYMENT_CODE.rejected
          ? `Withdrawal of ${what} rejected${row.reason ? `: ${row.reason}` : ''}. ${back}`
          : `Withdrawal of ${what} failed. ${back}`;
      await notify(
        row.userId,
        'withdrawal_returned',
        { message, ...payload, reason: row.reason },
        {
          email: {
            subject:
              row.status === PAYMENT_CODE.rejected
                ? `Withdrawal rejected: ${what}`
                : `Withdrawal failed: ${what}`,
            paragraphs: [message],
          },
        },
      );
    },
  };
}
export type WalletNotices = ReturnType<typeof createWalletNotices>;
