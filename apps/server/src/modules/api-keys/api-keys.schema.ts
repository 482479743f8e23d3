import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns';
import { userOwned } from '../auth/auth.schema';

/**
 * Keys programs sign their requests with. The secret is kept sealed (AES-256-GCM under a key
 * derived from the server's signing secret): a copy of the database alone does not sign requests.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    ...userOwned('cascade'),
    label: text('label').notNull(),
    /** The public half, sent as X-API-KEY. */
    keyId: text('key_id').notNull(),
    /** base64 of `version | iv | tag | ciphertext`, the key id as the additional data. */
    secretSealed: text('secret_sealed').notNull(),
    scopes: text('scopes', { enum: ['read', 'trade'] })
      .array()
      .notNull(),
    /** Addresses and networks (CIDR) the key may be used from; empty: anywhere. */
    allowedIps: text('allowed_ips').array().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_key_id_idx').on(table.keyId),
    index('api_keys_user_idx').on(table.userId),
  ],
);
