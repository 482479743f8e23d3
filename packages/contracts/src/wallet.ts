import { z } from 'zod';
import { NETWORKS_BY_COIN, type TCoin, type TNetwork, ZCoin, ZNetwork, ZWithdrawCoin } from './constants';
import { ZPageQuery } from './envelope';
import { ZPaymentStatus } from './statuses';
import { ZDecimalInput } from './trading';

/** The address families: the EVM networks share one address per user. */
export const CHAIN_FAMILIES = ['evm', 'tron', 'bitcoin'] as const;
export type TChainFamily = (typeof CHAIN_FAMILIES)[number];
export const FAMILY_OF_NETWORK = {
  ethereum: 'evm',
  polygon: 'evm',
  bsc: 'evm',
  tron: 'tron',
  bitcoin: 'bitcoin',
} as const satisfies Record<TNetwork, TChainFamily>;

export const isNetworkOfCoin = (coin: TCoin, network: TNetwork): boolean =>
  (NETWORKS_BY_COIN[coin] as readonly TNetwork[]).includes(network);

/** Where a transaction is shown to the user, by network. */
export const EXPLORER_TX_URL = {
  ethereum: 'https://etherscan.io/tx/',
  polygon: 'https://polygonscan.com/tx/',
  bsc: 'https://bscscan.com/tx/',
  tron: 'https://tronscan.org/#/transaction/',
  bitcoin: 'https://mempool.space/tx/',
} as const satisfies Record<TNetwork, string>;
export const explorerTxUrl = (network: TNetwork, hash: string) => `${EXPLORER_TX_URL[network]}${hash}`;

const NOT_ON_NETWORK = { message: 'This coin is not available on that network', path: ['network'] };
const onItsNetwork = (value: { coin: TCoin; network: TNetwork }) =>
  isNetworkOfCoin(value.coin, value.network);

export const ZWalletAddressRequest = z
  .object({ coin: ZCoin, network: ZNetwork })
  .refine(onItsNetwork, NOT_ON_NETWORK);
export type TWalletAddressRequest = z.infer<typeof ZWalletAddressRequest>;
export const ZWalletAddress = z.object({ address: z.string(), coin: ZCoin, network: ZNetwork });
export type TWalletAddress = z.infer<typeof ZWalletAddress>;

/** One network of a coin as the deposit and withdraw screens need it; money in USD. */
export const ZCoinNetwork = z.object({
  network: ZNetwork,
  minDeposit: z.string(),
  minWithdraw: z.string(),
  maxWithdraw: z.string(),
  fee: z.string(),
  confirmations: z.number().int(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
});
export type TCoinNetwork = z.infer<typeof ZCoinNetwork>;
export const ZCoinInfo = z.object({ coin: ZCoin, networks: z.array(ZCoinNetwork) });
export type TCoinInfo = z.infer<typeof ZCoinInfo>;

export const ZWithdrawRequest = z
  .object({
    coin: ZWithdrawCoin,
    network: ZNetwork,
    address: z.string().trim().min(1, 'Enter the address to send to').max(120),
    /** USD taken from the real account, fee included. */
    amount: ZDecimalInput('Amount', 2),
  })
  .refine(onItsNetwork, NOT_ON_NETWORK);
export type TWithdrawRequest = z.input<typeof ZWithdrawRequest>;

/** The Review Details step: what is taken, the fee, what arrives (in the coin) and at which rate. */
export const ZWithdrawalQuote = z.object({
  id: z.string(),
  coin: ZCoin,
  network: ZNetwork,
  address: z.string(),
  amount: z.string(),
  fee: z.string(),
  receive: z.string(),
  rate: z.string(),
  status: ZPaymentStatus,
  /** Step 3 asks for the authenticator code too. */
  isTfaRequired: z.boolean(),
});
export type TWithdrawalQuote = z.infer<typeof ZWithdrawalQuote>;

export const ZConfirmWithdrawalRequest = z.object({
  emailCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
  tfaCode: z.string().trim().min(6).max(20).optional(),
});
export type TConfirmWithdrawalRequest = z.infer<typeof ZConfirmWithdrawalRequest>;

export const WALLET_TX_KINDS = ['deposit', 'withdrawal'] as const;
export const ZWalletTxKind = z.enum(WALLET_TX_KINDS);
export type TWalletTxKind = z.infer<typeof ZWalletTxKind>;

export const ZWalletTransaction = z.object({
  id: z.string(),
  kind: ZWalletTxKind,
  /** `unknown`: a token the product does not take (status `notspprt`). */
  coin: z.union([ZCoin, z.literal('unknown')]),
  network: ZNetwork,
  address: z.string(),
  /** In the coin. */
  coinAmount: z.string(),
  /** USD credited or taken (null while a deposit has not been priced). */
  amount: z.string().nullable(),
  fee: z.string().nullable(),
  status: ZPaymentStatus,
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

export const ZWalletTransactionsQuery = ZPageQuery.extend({
  kind: ZWalletTxKind.optional(),
  status: ZPaymentStatus.optional(),
  period: z.enum(['all', '1Y', '1M', '1W']).default('all'),
  network: ZNetwork.optional(),
});
export type TWalletTransactionsQuery = z.input<typeof ZWalletTransactionsQuery>;

/** A withdrawal as the back-office lists it: whose it is. */
export const ZAdminWithdrawal = ZWalletTransaction.extend({ userId: z.string(), userEmail: z.string() });
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;

export const ZRejectWithdrawalRequest = z.object({
  reason: z.string().trim().min(3, 'Give the user a reason').max(300),
});
export type TRejectWithdrawalRequest = z.input<typeof ZRejectWithdrawalRequest>;
export const ZMarkSentRequest = z.object({
  txHash: z.string().trim().min(10, 'Enter the transaction hash').max(100),
});
export type TMarkSentRequest = z.input<typeof ZMarkSentRequest>;

/** "3 of 12": a deposit's progress while pending. */
export const confirmationsText = (seen: number, needed: number) => `${Math.min(seen, needed)} of ${needed}`;
