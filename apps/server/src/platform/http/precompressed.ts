// Answers whose bytes are prepared once and sent to many (the web app's pages, the pair list):
// compressed once per encoding, off the event loop, instead of on every request as the
// compression plugin does for answers built per request.
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedMap } from '../bounded';

/** Answers smaller than this go out as they are (the compression plugin's threshold too, app.ts). */
export const COMPRESS_ABOVE_BYTES = 1024;

/** The encodings prepared answers go out in, the server's preference first (as the compression plugin's). */
const ENCODINGS = ['br', 'gzip'] as const;
export type TAnswerEncoding = (typeof ENCODINGS)[number];

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * How hard bytes are squeezed: `kept` bytes are sent many times (the strongest settings, paid once);
 * `once` bytes are sent one time (the compression plugin's own settings).
 */
export type TCompressEffort = 'kept' | 'once';
const compressors: Record<TAnswerEncoding, (bytes: Buffer, effort: TCompressEffort) => Promise<Buffer>> = {
  br: (bytes, effort) =>
    brotliAsync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: effort === 'kept' ? 11 : 4 } }),
  gzip: (bytes, effort) => gzipAsync(bytes, { level: effort === 'kept' ? 9 : 6 }),
};

/** `Accept-Encoding` values already decided: clients send a handful between them, each very often. */
const ACCEPT_ENCODINGS_KEPT_MAX = 256;
/** Longer values are decided each time, not kept (a browser's is some 30 characters). */
const ACCEPT_ENCODING_KEPT_LENGTH_MAX = 128;
const decided = new BoundedMap<string, TAnswerEncoding | null>(ACCEPT_ENCODINGS_KEPT_MAX);

/** The encoding a client takes, brotli first (`br;q=0` refuses it); none when it takes neither. */
export function answerEncoding(acceptEncoding: string | undefined): TAnswerEncoding | undefined {
  if (!acceptEncoding) return undefined;
  let encoding = decided.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = (negotiate(acceptEncoding, [...ENCODINGS]) as TAnswerEncoding | null) ?? null;
    if (acceptEncoding.length <= ACCEPT_ENCODING_KEPT_LENGTH_MAX) decided.set(acceptEncoding, encoding);
  }
  return encoding ?? undefined;
}

/** Prepared bytes and their compressed forms, each made the first time a client asks for it. */
export interface PreparedBody {
  readonly bytes: Buffer;
  /** The bytes in `encoding`: a Buffer once made (no waiting), a promise while it is being made. */
  encoded(encoding: TAnswerEncoding): Buffer | Promise<Buffer>;
}

/** A compressed form, made in the thread pool into `forms` (forgotten again if it fails). */
function makeForm(
  forms: Map<TAnswerEncoding, Buffer | Promise<Buffer>>,
  bytes: Buffer,
  encoding: TAnswerEncoding,
  effort: TCompressEffort,
): Promise<Buffer> {
  const making = compressors[encoding](bytes, effort).then(
    (done) => {
      forms.set(encoding, done);
      return done;
    },
    (error: unknown) => {
      forms.delete(encoding);
      throw error;
    },
  );
  forms.set(encoding, making);
  return making;
}

/**
 * Bytes and their compressed forms. Bytes `kept` for many are squeezed hard, which takes a while
 * (tens of milliseconds for some 20 KB): the clients asking meanwhile get a form made as quickly
 * as the compression plugin's (a millisecond or so), so that a body made anew (the sparklines
 * each minute) keeps no crowd waiting; once the strong form is made, it is the one handed out.
 */
export function preparedBody(bytes: Buffer, effort: TCompressEffort = 'kept'): PreparedBody {
  const made = new Map<TAnswerEncoding, Buffer | Promise<Buffer>>();
  // The quick forms in use while the strong ones are made (`kept` only), dropped once they are.
  const meanwhile = new Map<TAnswerEncoding, Buffer | Promise<Buffer>>();
  return {
    bytes,
    encoded(encoding) {
      const found = made.get(encoding);
      if (effort === 'once') return found ?? makeForm(made, bytes, encoding, 'once');
      if (Buffer.isBuffer(found)) return found;
      if (!found) {
        makeForm(made, bytes, encoding, 'kept').then(
          () => meanwhile.delete(encoding),
          // A strong form that failed is asked for again by the next client; the quick one stays.
          () => undefined,
        );
      }
      return meanwhile.get(encoding) ?? makeForm(meanwhile, bytes, encoding, 'once');
    },
  };
}

/**
 * Sends prepared bytes, compressed in the encoding the client takes when they are big enough. The
 * route is left out of the compression plugin (`compress: false`), which would compress them again
 * on every request. The content type is the caller's.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PreparedBody,
): FastifyReply | Promise<FastifyReply> {
  if (body.bytes.length < COMPRESS_ABOVE_BYTES) return reply.send(body.bytes);
  reply.header('vary', 'accept-encoding');
  const encoding = answerEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.bytes);
  reply.header('content-encoding', encoding);
  const encoded = body.encoded(encoding);
  return Buffer.isBuffer(encoded) ? reply.send(encoded) : encoded.then((done) => reply.send(done));
}
