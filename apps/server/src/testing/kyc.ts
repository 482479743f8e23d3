// Identity verification for tests: sample personal details, photo-like document images, the
// multipart body of `POST /kyc`, and a user taken to level 1 or 2 through the API.
import type { TKycDetailsInput } from '@td/contracts/kyc';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearer, randomIp, type TestUser } from './accounts';
import { postForm } from './multipart';

export const ADULT_DETAILS: TKycDetailsInput = {
  legalFirstName: 'Ada',
  legalLastName: 'Lovelace',
  dateOfBirth: '1990-12-10',
  country: 'GB',
  addressLine: '12 St James’s Square',
  city: 'London',
  postalCode: 'SW1Y 4JH',
};
/** Another adult, not Ada: Grace Hopper, born on another day. */
export const GRACE_DETAILS: TKycDetailsInput = {
  ...ADULT_DETAILS,
  legalFirstName: 'Grace',
  legalLastName: 'Hopper',
  dateOfBirth: '1986-12-09',
};

const BOUNDARY = '----td-kyc-boundary';

/** A photo-like image for a document part: a coloured canvas, distinct per part. */
export const documentImage = (hue: number, side = 400) =>
  sharp({
    create: {
      width: side,
      height: Math.round(side * 0.63),
      channels: 3,
      background: { r: hue, g: 90, b: 160 },
    },
  })
    .jpeg()
    .toBuffer();

/** The multipart body of `POST /kyc`: text fields and image files, for `app.inject()`. */
export function kycForm(fields: Record<string, string>, files: Record<string, Buffer>) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const [name, data] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** An ID card's front, back and selfie, as `POST /kyc` takes them. */
export async function idCardSubmission() {
  return kycForm(
    { documentType: 'id_card' },
    { front: await documentImage(40), back: await documentImage(120), selfie: await documentImage(200) },
  );
}

/**
 * Takes a user through identity verification by the public API, as the web app would: the
 * personal details (level 1, Ada Lovelace's unless `details` are given) and, for level 2, the
 * documents approved by `reviewer`.
 */
export async function verifyIdentity(
  app: FastifyInstance,
  user: TestUser,
  level: 1 | 2,
  reviewer: () => Promise<TestUser>,
  details: TKycDetailsInput = ADULT_DETAILS,
): Promise<void> {
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: bearer(token), remoteAddress: randomIp() });
  const saved = await call(user.token, 'PUT', '/kyc/details', details);
  if (saved.statusCode !== 200) throw new Error(`kyc details failed: ${saved.body}`);
  if (level === 1) return;
  const form = await idCardSubmission();
  const sent = await postForm(app, '/kyc', user.token, form);
  if (sent.statusCode !== 201) throw new Error(`kyc submission failed: ${sent.body}`);
  const admin = await reviewer();
  const queue = await call(admin.token, 'GET', '/admin/kyc?status=pending&limit=100');
  const mine = (queue.json().data.items as { id: string; userId: string }[]).find(
    (item) => item.userId === user.id,
  );
  if (!mine) throw new Error('kyc submission not in the queue');
  const approved = await call(admin.token, 'POST', `/admin/kyc/${mine.id}/approve`);
  if (approved.statusCode !== 200) throw new Error(`kyc approval failed: ${approved.body}`);
}
