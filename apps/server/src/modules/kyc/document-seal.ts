// Encrypts and opens stored secrets with AES-256-GCM, bound to their context so a sealed blob moved
// elsewhere does not open: identity documents, and API key secrets under a key of their own. Also
// loads the documents' key from KYC_ENCRYPTION_KEY or a file made at first start.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The first byte of every sealed document: which format (and key generation) sealed it. */
const FORMAT_V1 = 1;
const KEY_FILE = 'kyc-encryption-key';

/**
 * The documents' key: KYC_ENCRYPTION_KEY (32 bytes written as 64 hex digits or base64), or one
 * generated at first start and kept in DATA_DIR (readable by the owner only). Processes that share a
 * database must share KYC_ENCRYPTION_KEY.
 */
export function loadKycKey(config: { KYC_ENCRYPTION_KEY?: string | undefined; dataDir: string }): Buffer {
  if (config.KYC_ENCRYPTION_KEY) return parseKycKey(config.KYC_ENCRYPTION_KEY);
  const path = join(config.dataDir, KEY_FILE);
  try {
    return parseKycKey(readFileSync(path, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  writeFileSync(path, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  return key;
}

/** 64 hex digits or the base64 of 32 bytes; anything else is refused (the config check says why). */
export function parseKycKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES)
    throw new Error('KYC_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or base64');
  return key;
}

/**
 * AES-256-GCM with a random 96-bit nonce per document: `version | iv | tag | ciphertext`. The
 * submission and the image's kind are the additional data, so a sealed image moved to another row
 * or kind does not open.
 */
export function createDocumentSeal(key: Buffer) {
  if (key.length !== KEY_BYTES) throw new Error('the documents key must be 32 bytes');
  return {
    seal(plain: Buffer, context: string): Buffer {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([Buffer.from([FORMAT_V1]), iv, cipher.getAuthTag(), body]);
    },
    /** The document, or an error if it was sealed under another key or context, or altered. */
    open(sealed: Buffer, context: string): Buffer {
      if (sealed[0] !== FORMAT_V1) throw new Error('unknown sealed document format');
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
    },
  };
}
export type DocumentSeal = ReturnType<typeof createDocumentSeal>;
