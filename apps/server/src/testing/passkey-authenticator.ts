// A software passkey authenticator for tests: holds one ES256 passkey for a user and signs
// sign-in assertions as a browser's authenticator would, so passkey sign-in runs without a device.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | Buffer | string) => createHash('sha256').update(bytes).digest();

/** A P-256 public key as COSE writes it (CBOR map: kty EC2, alg ES256, crv P-256, x, y). */
function coseKeyOf(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  const x = Buffer.from(String(jwk.x), 'base64url');
  const y = Buffer.from(String(jwk.y), 'base64url');
  return Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    x,
    Buffer.from([0x22, 0x58, 0x20]),
    y,
  ]);
}

/**
 * A software authenticator holding one resident passkey (ES256) for one user, answering sign-in
 * ceremonies as a browser's authenticator does, with the user present and verified. Its
 * `stored` values go into the passkeys table as registration would have left them.
 */
export function createSoftwareAuthenticator(userId: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = b64url(randomBytes(16));
  let counter = 0;
  return {
    stored: { credentialId, publicKey: b64url(coseKeyOf(publicKey)) },
    /** The assertion for `challenge` from `origin` (the relying party's id is its host name). */
    assert(challenge: string, origin: string) {
      counter += 1;
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin }));
      const counterBytes = Buffer.alloc(4);
      counterBytes.writeUInt32BE(counter);
      // Flags: user present (0x01) and user verified (0x04).
      const authenticatorData = Buffer.concat([
        sha256(new URL(origin).hostname),
        Buffer.from([0x05]),
        counterBytes,
      ]);
      const signature = sign(
        'sha256',
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        privateKey,
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          userHandle: b64url(Buffer.from(userId.replaceAll('-', ''), 'hex')),
        },
        clientExtensionResults: {},
      };
    },
  };
}
