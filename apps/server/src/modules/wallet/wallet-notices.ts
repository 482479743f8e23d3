// What the wallet tells its users in the notification centre and by e-mail in their language: a
// deposit credited, a withdrawal approved, sent, or rejected or failed with its funds returned.
// Also the label that names a deposit or withdrawal in a support ticket.
import type { TLanguageCode } from '@td/contracts/auth';
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

/** The wallet's mails in each language the product speaks; amounts and names as the notices say them. */
const WALLET_WORDS = {
  en: {
    depositSubject: (what: string) => `Deposit credited: ${what}`,
    deposit: (what: string, network: string, usd: string) =>
      `Your deposit of ${what} on ${network} is confirmed: ${usd} USD added to your real balance.`,
    sentSubject: (what: string) => `Withdrawal sent: ${what}`,
    sent: (what: string, network: string, address: string) =>
      `Your withdrawal of ${what} on ${network} has been sent to ${address}.`,
    rejectedSubject: (what: string) => `Withdrawal rejected: ${what}`,
    rejected: (what: string, reason: string | null) =>
      `Withdrawal of ${what} rejected${reason ? `: ${reason}` : ''}.`,
    failedSubject: (what: string) => `Withdrawal failed: ${what}`,
    failed: (what: string) => `Withdrawal of ${what} failed.`,
    back: (usd: string) => `${usd} USD is back in your real balance`,
    transaction: 'Transaction',
  },
  es: {
    depositSubject: (what: string) => `Depósito abonado: ${what}`,
    deposit: (what: string, network: string, usd: string) =>
      `Tu depósito de ${what} en ${network} está confirmado: se han añadido ${usd} USD a tu saldo real.`,
    sentSubject: (what: string) => `Retiro enviado: ${what}`,
    sent: (what: string, network: string, address: string) =>
      `Tu retiro de ${what} en ${network} se ha enviado a ${address}.`,
    rejectedSubject: (what: string) => `Retiro rechazado: ${what}`,
    rejected: (what: string, reason: string | null) =>
      `Se ha rechazado el retiro de ${what}${reason ? `: ${reason}` : ''}.`,
    failedSubject: (what: string) => `Retiro fallido: ${what}`,
    failed: (what: string) => `El retiro de ${what} ha fallado.`,
    back: (usd: string) => `Se han devuelto ${usd} USD a tu saldo real`,
    transaction: 'Transacción',
  },
  ru: {
    depositSubject: (what: string) => `Пополнение зачислено: ${what}`,
    deposit: (what: string, network: string, usd: string) =>
      `Ваше пополнение ${what} в сети ${network} подтверждено: на реальный баланс зачислено ${usd} USD.`,
    sentSubject: (what: string) => `Вывод отправлен: ${what}`,
    sent: (what: string, network: string, address: string) =>
      `Ваш вывод ${what} в сети ${network} отправлен на адрес ${address}.`,
    rejectedSubject: (what: string) => `Вывод отклонён: ${what}`,
    rejected: (what: string, reason: string | null) =>
      `Вывод ${what} отклонён${reason ? `: ${reason}` : ''}.`,
    failedSubject: (what: string) => `Вывод не выполнен: ${what}`,
    failed: (what: string) => `Вывод ${what} не выполнен.`,
    back: (usd: string) => `${usd} USD возвращены на ваш реальный баланс`,
    transaction: 'Транзакция',
  },
} satisfies Record<TLanguageCode, unknown>;

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
      await notify(
        row.userId,
        'deposit_credited',
        {
          message: `Deposit credited: ${what} on ${networkOf(row.network)}, ${payload.amount} USD added to your real balance`,
          ...payload,
        },
        {
          email: (language) => ({
            subject: WALLET_WORDS[language].depositSubject(what),
            paragraphs: [
              WALLET_WORDS[language].deposit(what, networkOf(row.network), String(payload.amount)),
              `${WALLET_WORDS[language].transaction}: ${row.txHash ?? row.id}`,
            ],
          }),
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
          email: (language) => ({
            subject: WALLET_WORDS[language].sentSubject(what),
            paragraphs: [
              WALLET_WORDS[language].sent(what, networkOf(row.network), row.address),
              `${WALLET_WORDS[language].transaction}: ${row.txHash ?? row.id}`,
            ],
          }),
        },
      );
    },

    /** Rejected by an administrator (with the reason) or failed on its way; the funds are back. */
    async withdrawalReturned(row: WalletTxRow): Promise<void> {
      const { what, ...payload } = details(row);
      const message =
        row.status === PAYMENT_CODE.rejected
          ? row.reason
            ? `Withdrawal of ${what} rejected: ${row.reason}. ${payload.amount} USD is back in your real balance`
            : `Withdrawal of ${what} rejected. ${payload.amount} USD is back in your real balance`
          : `Withdrawal of ${what} failed. ${payload.amount} USD is back in your real balance`;
      await notify(
        row.userId,
        'withdrawal_returned',
        { message, ...payload, reason: row.reason },
        {
          email: (language) => {
            const words = WALLET_WORDS[language];
            const isRejected = row.status === PAYMENT_CODE.rejected;
            return {
              subject: isRejected ? words.rejectedSubject(what) : words.failedSubject(what),
              paragraphs: [
                isRejected ? words.rejected(what, row.reason) : words.failed(what),
                words.back(String(payload.amount)),
              ],
            };
          },
        },
      );
    },
  };
}
export type WalletNotices = ReturnType<typeof createWalletNotices>;
