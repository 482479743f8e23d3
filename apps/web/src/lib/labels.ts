import type { TBalanceOperationKind, TBalanceOperationStatus } from '@td/contracts/balance-operations';
import type { TChartInterval, TPairFilter, TPeriod } from '@td/contracts/constants';
import type { TDocumentKind, TDocumentType, TKycStatus } from '@td/contracts/kyc';
import {
  isPaymentStatus,
  type TOrderStatus,
  type TPairStatus,
  type TPairType,
  type TPaymentStatus,
  type TTicketStatus,
  type TTicketType,
  type TUserStatus,
} from '@td/contracts/statuses';
import { t } from './i18n';

// The words for the wire's codes, in the language shown. The contracts keep the English labels
// (the API's and the e-mails' words); the screens read these.

export const orderStatusText = (code: TOrderStatus) => t(`status.order.${code}`);
export const ticketStatusText = (code: TTicketStatus) => t(`status.ticket.${code}`);
export const ticketTypeText = (code: TTicketType) => t(`ticket.type.${code}`);
export const pairTypeText = (code: TPairType) => t(`pair.type.${code}`);
export const pairStatusText = (code: TPairStatus) => t(`pair.status.${code}`);
export const pairFilterText = (filter: TPairFilter) => t(`pair.filter.${filter}`);
export const userStatusText = (code: TUserStatus) => t(`user.status.${code}`);
export const balanceKindText = (kind: TBalanceOperationKind) => t(`balance.kind.${kind}`);
export const balanceStatusText = (status: TBalanceOperationStatus) => t(`balance.status.${status}`);
export const kycStatusText = (status: TKycStatus) => t(`kyc.status.${status}`);
export const documentTypeText = (type: TDocumentType) => t(`document.type.${type}`);
/** A document type inside a sentence: "your ID card". */
export const documentPhraseText = (type: TDocumentType) => t(`document.phrase.${type}`);
export const documentKindText = (kind: TDocumentKind) => t(`document.kind.${kind}`);
/** The accessible name of a chart interval ('60' → '1 hour'). */
export const intervalNameText = (interval: TChartInterval) => t(`interval.name.${interval}`);

/** A period's tab on the History or Portfolio screen ('1M' → "1M"). */
export const periodText = (screen: 'history' | 'portfolio', period: TPeriod) =>
  t(`${screen}.period.${period}`);
/** The Portfolio's figures' period in a phrase ('1M' → "Last 30 days"). */
export const periodHintText = (period: TPeriod) => t(`portfolio.period.${period}Hint`);

// Several payment codes share a label: chain and provider steps the user need not tell apart.
const PAYMENT_TEXT = {
  cnf: 'confirmed',
  pnd: 'pending',
  rjt: 'rejected',
  rjc: 'rejected',
  prc: 'processing',
  snt: 'processing',
  drp: 'processing',
  notspprt: 'notSupported',
  suspicous: 'underReview',
  minFail: 'minimumFail',
  cnc: 'cancel',
  rerr: 'fail',
  werror: 'fail',
  flr: 'fail',
} as const satisfies Record<TPaymentStatus, string>;

/** A payment's status; a code the web app does not know yet reads "Unknown". */
export const paymentStatusText = (code: string) =>
  t(`status.payment.${isPaymentStatus(code) ? PAYMENT_TEXT[code] : 'unknown'}`);
