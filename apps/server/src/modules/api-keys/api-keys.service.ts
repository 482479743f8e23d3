// A user's API keys for programs: creates one with a secret shown only once (stored sealed),
// tells the owner by e-mail and in the app, lists and revokes keys, and opens a key's secret so a
// signed request can be checked.
import { hkdfSync, randomBytes } from 'node:crypto';
import {
  API_KEYS_PER_USER_MAX,
  type TApiKey,
  type TCreatedApiKey,
  type ZCreateApiKeyRequest,
} from '@td/contracts/api-keys';
import type { TLanguageCode } from '@td/contracts/auth';
import type { z } from 'zod';
import { conflict, notFound } from '../../platform/errors';
import { createDocumentSeal } from '../kyc/document-seal';
import { type Notify, REVIEW_SECURITY } from '../notifications/notifications.service';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';

const KEY_ID_BYTES = 24;
const SECRET_BYTES = 32;

/** The key that seals API secrets, derived from the server's signing secret (never the secret itself). */

/** The mail that says an API key was created, in each language the product speaks. */
const API_KEY_CREATED_WORDS = {
  en: (label: string, keyId: string, canTrade: boolean) => ({
    subject: 'An API key was created for your account',
    paragraphs: [
      `The API key "${label}" (${keyId}) can now ${canTrade ? 'read your account and trade' : 'read your account'} for a program.`,
      'If you did not create it, revoke it under Security and change your password at once.',
    ],
  }),
  es: (label: string, keyId: string, canTrade: boolean) => ({
    subject: 'Se ha creado una clave de API para tu cuenta',
    paragraphs: [
      `Con la clave de API «${label}» (${keyId}) un programa ya puede ${canTrade ? 'consultar tu cuenta y operar' : 'consultar tu cuenta'}.`,
      'Si no la has creado tú, revócala en Seguridad y cambia tu contraseña de inmediato.',
    ],
  }),
  ru: (label: string, keyId: string, canTrade: boolean) => ({
    subject: 'Для вашего аккаунта создан API-ключ',
    paragraphs: [
      `С API-ключом «${label}» (${keyId}) программа теперь может ${canTrade ? 'читать данные вашего счёта и торговать' : 'читать данные вашего счёта'}.`,
      'Если вы его не создавали, отзовите его в разделе «Безопасность» и сразу смените пароль.',
    ],
  }),
} satisfies Record<TLanguageCode, unknown>;

export function apiSecretsKey(serverSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'trading-desk api key secrets', 32));
}

export function toApiKeyDto(row: ApiKeyRow): TApiKey {
  return {
    id: row.id,
    label: row.label,
    keyId: row.keyId,
    scopes: row.scopes,
    allowedIps: row.allowedIps,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
  };
}

/** A user's API keys: made with a secret shown once, listed without it, revoked at once. */
export function createApiKeysService(deps: {
  repo: ApiKeysRepository;
  serverSecret: Uint8Array;
  /** Tells the user (in the app and by e-mail) that a key was created. */
  notify?: Notify;
  publicUrl?: string;
}) {
  const { repo } = deps;
  const seal = createDocumentSeal(apiSecretsKey(deps.serverSecret));

  return {
    async create(userId: string, input: z.output<typeof ZCreateApiKeyRequest>): Promise<TCreatedApiKey> {
      const keyId = `tdk_${randomBytes(KEY_ID_BYTES).toString('base64url')}`;
      const secret = randomBytes(SECRET_BYTES).toString('base64url');
      const row = await repo.insertWithin(API_KEYS_PER_USER_MAX, {
        userId,
        label: input.label,
        keyId,
        secretSealed: seal.seal(Buffer.from(secret), keyId).toString('base64'),
        scopes: [...input.scopes].sort(),
        // One spelling per entry, so the list reads as the user wrote it, without repeats.
        allowedIps: [...new Set(input.allowedIps.map((entry) => entry.toLowerCase()))],
      });
      if (!row) {
        throw conflict(
          `You can hold at most ${API_KEYS_PER_USER_MAX} API keys; revoke one you no longer use`,
        );
      }
      // A new way to the account's orders: the owner hears of it at once, wherever they are.
      await deps.notify?.(
        userId,
        'security_change',
        { message: `API key "${row.label}" created (${row.scopes.join(', ')})`, apiKeyId: row.id },
        {
          email: (language) => ({
            ...API_KEY_CREATED_WORDS[language](row.label, row.keyId, row.scopes.includes('trade')),
            ...(deps.publicUrl
              ? { button: { label: REVIEW_SECURITY[language], url: `${deps.publicUrl}/dashboard/security` } }
              : {}),
          }),
        },
      );
      return { ...toApiKeyDto(row), secret };
    },

    async list(userId: string): Promise<TApiKey[]> {
      return (await repo.listLive(userId)).map(toApiKeyDto);
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repo.revoke(userId, id))) throw notFound('API key not found');
    },

    /** The secret a key signs with, for checking a request's signature. */
    secretOf(row: ApiKeyRow): Buffer {
      return seal.open(Buffer.from(row.secretSealed, 'base64'), row.keyId);
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
