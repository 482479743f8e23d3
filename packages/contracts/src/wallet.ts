// The shapes of the wallet shared by the server and the web app: deposit addresses, each coin's
// networks and limits, the withdrawal's request, quote and confirmation, the transaction history,
// and the back-office's review of withdrawals.
import { z } from 'zod/mini';
import { NETWORKS_BY_COIN, type TCoin, type TNetwork } from './constants';
import { ZCoin, ZNetwork, ZWithdrawCoin } from './enums';
import { ZPageQuery } from './envelope';
import { ZPaymentStatus } from './statuses';
import { ZSafeText } from './text';
import { ZUsdInput } from './trading';
import {
  ADDRESS_HINT,
  EVM_ADDRESS_PATTERN,
  FAMILY_OF_NETWORK,
  hasAddressShape,
  TRON_ADDRESS_PATTERN,
} from './wallet-address';

export { CHAIN_FAMILIES, FAMILY_OF_NETWORK, type TChainFamily } from './wallet-address';

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

/** The coins of `coins` each with its networks, in the document's words (one branch per coin). */
const coinOnItsNetwork = (coins: readonly TCoin[]) => ({
  anyOf: coins.map((coin) => ({
    properties: { coin: { const: coin }, network: { enum: [...NETWORKS_BY_COIN[coin]] } },
  })),
});
/** Each network with its family's address shape, in the document's words (`hasAddressShape`). */
const ADDRESS_ON_ITS_NETWORK = {
  anyOf: [
    {
      properties: {
        network: {
          enum: Object.keys(FAMILY_OF_NETWORK).filter(
            (network) => FAMILY_OF_NETWORK[network as TNetwork] === 'evm',
          ),
        },
        address: { pattern: EVM_ADDRESS_PATTERN.source },
      },
    },
    { properties: { network: { const: 'tron' }, address: { pattern: TRON_ADDRESS_PATTERN.source } } },
    { properties: { network: { const: 'bitcoin' } } },
  ],
};
const onItsNetwork = (value: { coin: TCoin; network: TNetwork }) =>
  isNetworkOfCoin(value.coin, value.network);

export const ZWalletAddressRequest = z
  .object({ coin: ZCoin, network: ZNetwork })
  .check(z.refine(onItsNetwork, NOT_ON_NETWORK), z.meta(coinOnItsNetwork(ZCoin.options)));
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
  confirmations: z.number().check(z.int()),
  /** Whether this desk follows the network (a node is configured): without it no deposit is seen. */
  isWatched: z.boolean(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
});
export type TCoinNetwork = z.infer<typeof ZCoinNetwork>;
export const ZCoinInfo = z.object({ coin: ZCoin, networks: z.array(ZCoinNetwork) });
export type TCoinInfo = z.infer<typeof ZCoinInfo>;

export const WALLET_ADDRESS_LENGTH_MAX = 120;
export const ZWithdrawRequest = z
  .object({
    coin: ZWithdrawCoin,
    network: ZNetwork,
    // Every network's addresses are letters and digits (0x…, T…, bc1…); the server checks the rest.
    address: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Enter the address to send to'),
        z.maxLength(WALLET_ADDRESS_LENGTH_MAX, 'This is not an address of that network'),
        z.regex(/^[A-Za-z0-9]+$/, 'This is not an address of that network'),
      ),
    /** USD taken from the real account, fee included. */
    amount: ZUsdInput('Amount'),
  })
  .check(
    z.refine(onItsNetwork, NOT_ON_NETWORK),
    z.superRefine((value, ctx) => {
      const family = FAMILY_OF_NETWORK[value.network];
      if (!hasAddressShape(family, value.address))
        ctx.addIssue({ code: 'custom', path: ['address'], message: ADDRESS_HINT[family] });
    }),
    z.meta({
      allOf: [coinOnItsNetwork(ZWithdrawCoin.options), ADDRESS_ON_ITS_NETWORK],
      examples: [
        { coin: 'usdt', network: 'tron', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '250.00' },
        {
          coin: 'eth',
          network: 'ethereum',
          address: '0x52908400098527886E0F7030069857D2E4169EE7',
          amount: '1000',
        },
      ],
    }),
  );
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
  /** After this instant (ISO 8601) the rate no longer holds: the withdrawal must be priced again. */
  expiresAt: z.string(),
});
export type TWithdrawalQuote = z.infer<typeof ZWithdrawalQuote>;

/** The 409 of a code asked for, or a confirmation, after the quote's time: the app prices it again. */
export const QUOTE_EXPIRED_MESSAGE = 'This quote has expired. Review the withdrawal again for a fresh rate';

export const ZConfirmWithdrawalRequest = z.object({
  emailCode: z
    .string()
    .check(
      z.maxLength(20, 'Enter the 6-digit code from the email'),
      z.trim(),
      z.regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
    ),
  // An authenticator code, or a recovery code (`xxxxx-xxxxx`).
  tfaCode: z.optional(
    z.string().check(
      z.trim(),
      z.minLength(6, 'Enter the code from your authenticator app'),
      z.maxLength(20, 'Enter the code from your authenticator app'),
      z.regex(/^[A-Za-z0-9 -]+$/, 'Enter the code from your authenticator app'),
      // The document states the code as it is checked: trimmed, so 6 to 20 characters with none of
      // them a space at either end.
      z.meta({ pattern: '^[A-Za-z0-9-](?:[A-Za-z0-9 -]{4,18})[A-Za-z0-9-]$' }),
    ),
  ),
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
  amount: z.nullable(z.string()),
  fee: z.nullable(z.string()),
  status: ZPaymentStatus,
  txHash: z.nullable(z.string()),
  explorerUrl: z.nullable(z.string()),
  confirmations: z.number().check(z.int()),
  requiredConfirmations: z.number().check(z.int()),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

export const ZWalletTransactionsQuery = z.extend(ZPageQuery, {
  kind: z.optional(ZWalletTxKind),
  status: z.optional(ZPaymentStatus),
  period: z._default(z.enum(['all', '1Y', '1M', '1W']), 'all'),
  network: z.optional(ZNetwork),
});
export type TWalletTransactionsQuery = z.input<typeof ZWalletTransactionsQuery>;

/** A withdrawal as the back-office lists it: whose it is. */
export const ZAdminWithdrawal = z.extend(ZWalletTransaction, { userId: z.string(), userEmail: z.string() });
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawal>;

export const ZRejectWithdrawalRequest = z.object({
  reason: ZSafeText('Reason', { min: 3, max: 300, isMultiline: true, minMessage: 'Give the user a reason' }),
});
export type TRejectWithdrawalRequest = z.input<typeof ZRejectWithdrawalRequest>;
export const ZMarkSentRequest = z.object({
  txHash: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, 'Enter the transaction hash'),
      z.maxLength(100, 'Enter the transaction hash'),
      z.regex(/^[A-Za-z0-9]+$/, 'A transaction hash is letters and digits (0x… or hex)'),
    ),
});
export type TMarkSentRequest = z.input<typeof ZMarkSentRequest>;

/** "3 of 12": a deposit's progress while pending. */
export const confirmationsText = (seen: number, needed: number) => `${Math.min(seen, needed)} of ${needed}`;
