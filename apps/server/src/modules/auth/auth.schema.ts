// The account system's database tables: users, sessions (one per sign-in, usable only when
// `active`), e-mailed and recovery codes, sign-in history, signup decoys, used nonces, passkeys and
// passkey challenges. Codes and nonces are stored only as hashes.
import { ROLES } from '@td/contracts/statuses';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  type UpdateDeleteAction,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, generatedId, requiredRef } from '../../platform/db/columns';

export const users = pgTable(
  'users',
  {
    id: generatedId(),
    /** Normalised as the web app does (lower-case; gmail without dots): one account per mailbox. */
    email: text('email').notNull(),
    /** argon2id; null for an account made by Google sign-in that never set a password. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** The language of the account's e-mails (en, es, ru): the sign-up form's. */
    language: text('language', { enum: ['en', 'es', 'ru'] })
      .notNull()
      .default('en'),
    phone: text('phone'),
    country: text('country'),
    avatarFile: text('avatar_file'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    tfaSecret: text('tfa_secret'),
    /** A secret generated but not yet confirmed with a code. */
    tfaPendingSecret: text('tfa_pending_secret'),
    /** The session that asked for the pending secret: only it may confirm it. */
    tfaPendingSessionId: uuid('tfa_pending_session_id'),
    tfaEnabled: boolean('tfa_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code works once. */
    tfaLastStep: integer('tfa_last_step'),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    status: text('status', { enum: ['act', 'sus'] })
      .notNull()
      .default('act'),
    antiPhishingPhrase: text('anti_phishing_phrase'),
    googleSub: text('google_sub'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * The password was chosen by someone who has not shown they read the address's mail (a
     * sign-up, then the address verified by the e-mailed link alone): it signs in only with an
     * e-mailed code too, and Google linking the account clears it.
     */
    passwordUnproven: boolean('password_unproven').notNull().default(false),
    tfaChangedAt: timestamp('tfa_changed_at', { withTimezone: true }),
    /** Set when an administrator deleted the account: the person is anonymised, the ledger kept. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The client group (margin mode and levels). A new account joins the default group of the
     * moment; the column's own default is the group the migration made, which every earlier
     * account joined (the foreign key to `client_groups` is added by that migration).
     */
    groupId: uuid('group_id')
      .notNull()
      .default(sql`'00000000-0000-4000-8000-0000000000d1'::uuid`)
      .$defaultFn(() => sql`(select id from client_groups where is_default)`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_referral_code_key').on(table.referralCode),
    uniqueIndex('users_google_sub_key').on(table.googleSub).where(sql`${table.googleSub} is not null`),
    index('users_referred_by_idx').on(table.referredBy),
  ],
);

/** The first columns of a row that belongs to a user: its generated id, and `user_id` naming the user. */
export const userOwned = (onDelete: UpdateDeleteAction) => ({
  id: generatedId(),
  userId: requiredRef('user_id', () => users.id, onDelete),
});

/**
 * One row per sign-in. A token names its session (`sid`); revoking the row kills the token at
 * once. `stage` is how far the sign-in got: a session is usable only when `active`.
 */
export const sessions = pgTable(
  'sessions',
  {
    ...userOwned('cascade'),
    stage: text('stage', { enum: ['email', 'tfa', 'active'] }).notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** E-mailed codes (and the e-mail link's token), stored hashed, with tries counted. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    ...userOwned('cascade'),
    /**
     * `signin_confirm`: a sign-in from a new address after repeated wrong passwords (subject: the
     * session). `security_proof`: the proof, for an account without a password, that its mailbox
     * owner asks for a change of who controls the account (a second factor, a key, a passkey).
     */
    purpose: text('purpose', {
      enum: ['email_verify', 'password_reset', 'withdrawal', 'signin_confirm', 'security_proof'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** sha256 of the e-mail link's token, for `email_verify`. */
    linkHash: text('link_hash'),
    /** What the code confirms, e.g. a withdrawal id. */
    subject: text('subject'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('verification_codes_user_purpose_idx').on(table.userId, table.purpose),
    uniqueIndex('verification_codes_link_key').on(table.linkHash).where(sql`${table.linkHash} is not null`),
  ],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    ...userOwned('cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** Every sign-in attempt on a known account, for the user's login history and new-device alerts. */
export const loginEvents = pgTable(
  'login_events',
  {
    ...userOwned('cascade'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    /** sha256 of the device description: a device seen before does not trigger an alert. */
    deviceHash: text('device_hash').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (table) => [index('login_events_user_idx').on(table.userId, table.createdAt)],
);

/**
 * The answer to a signup for an address that has an account: a pending sign-in that leads nowhere,
 * counted like a real one (tries of its code, resends) but tied to no account, so nothing done with
 * it reaches the owner's codes. The row's id is the `sid` of the `email` token handed out. A
 * password-reset code asked for an address that gets none has its decoy here too, under an id made
 * from the address (`resetDecoyId`), so its wrong tries are counted and answered as a real code's.
 */
export const signupDecoys = pgTable(
  'signup_decoys',
  {
    id: generatedId(),
    attempts: integer('attempts').notNull().default(0),
    /** When the code a real signup would have mailed stops working (a resend starts a new one). */
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('signup_decoys_expires_idx').on(table.expiresAt)],
);

/** Nonces already used (Google ID tokens, signed API requests): each is accepted once, until it expires. */
export const usedNonces = pgTable(
  'used_nonces',
  {
    /** A keyed hash of the nonce, never the nonce itself. */
    nonceHash: text('nonce_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_nonces_expires_idx').on(table.expiresAt)],
);

/** Passkeys (WebAuthn credentials): a way in without a password, and a second factor. */
export const passkeys = pgTable(
  'passkeys',
  {
    ...userOwned('cascade'),
    name: text('name').notNull(),
    /** The credential id the authenticator gave, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for passkeys that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    isSynced: boolean('is_synced').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkeys_credential_idx').on(table.credentialId),
    index('passkeys_user_idx').on(table.userId),
  ],
);

/**
 * Challenges handed to a browser for a passkey ceremony, each answered once (taken by one
 * DELETE ... RETURNING) and only before it expires. `sessionId` binds a second-factor challenge to
 * its sign-in; `userId` a registration's to its user.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'signin', 'tfa'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('passkey_challenges_expires_idx').on(table.expiresAt)],
);
