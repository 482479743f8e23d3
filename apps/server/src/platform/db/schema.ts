// Every table of the product, gathered for Drizzle and drizzle-kit. Each module owns its tables in
// its own `*.schema.ts`; this file only lists them.

export { adminAudit } from '../../modules/admin/admin.schema';
export { announcementRecipients, announcements } from '../../modules/announcements/announcements.schema';
export { apiKeys } from '../../modules/api-keys/api-keys.schema';
export {
  loginEvents,
  passkeyChallenges,
  passkeys,
  recoveryCodes,
  sessions,
  signupDecoys,
  usedNonces,
  users,
  verificationCodes,
} from '../../modules/auth/auth.schema';
export { balanceOperations } from '../../modules/balance-operations/balance-operations.schema';
export { clientGroups, marginCalls } from '../../modules/groups/groups.schema';
export { kycDocuments, kycProfiles, kycSubmissions } from '../../modules/kyc/kyc.schema';
export { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../modules/ledger/ledger.schema';
export { candles } from '../../modules/market/candles.schema';
export { notifications, priceAlerts } from '../../modules/notifications/notifications.schema';
export { favoritePairs, pairs } from '../../modules/pairs/pairs.schema';
export { userPreferences } from '../../modules/profile/profile.schema';
export { referralCommissions } from '../../modules/referrals/referrals.schema';
export { settings } from '../../modules/settings/settings.schema';
export { ticketAttachments, ticketMessages, tickets } from '../../modules/tickets/tickets.schema';
export { equitySnapshots, orders } from '../../modules/trading/orders.schema';
export {
  chainCursors,
  depositAlerts,
  walletAddresses,
  walletKeys,
  walletTransactions,
} from '../../modules/wallet/wallet.schema';
