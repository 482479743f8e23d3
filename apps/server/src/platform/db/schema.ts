// Every table of the product, gathered for Drizzle and drizzle-kit. Each module owns its tables in
// its own `*.schema.ts`; this file only lists them.
export {
  loginEvents,
  recoveryCodes,
  sessions,
  users,
  verificationCodes,
} from '../../modules/auth/auth.schema';
export { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../modules/ledger/ledger.schema';
export { candles } from '../../modules/market/candles.schema';
export { favoritePairs, pairs } from '../../modules/pairs/pairs.schema';
export { settings } from '../../modules/settings/settings.schema';
export { equitySnapshots, orders } from '../../modules/trading/orders.schema';
export {
  chainCursors,
  walletAddresses,
  walletKeys,
  walletTransactions,
} from '../../modules/wallet/wallet.schema';
