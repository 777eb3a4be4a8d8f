import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Busboy } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, BadRequestError, isStorageFull, StorageFullError } from './errors.js';

export interface IncomingFile {
  stream: Readable & { truncated?: boolean };
  filename: string;
  mimeType: string;
  /** Text fields sent before the file part. */
  fields: Record<string, string>;
}

export class PayloadTooLargeError extends AppError {
  constructor(maxBytes: number) {
    super(413, 413, 'error.payloadTooLarge', { max: `${Math.round(maxBytes / 1024 / 1024)} MB` });
  }
}

/** Multipart bodies are read by the route that wants them (`receiveFile`); the parser only lets them through. */
export function registerMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
}

/**
 * Reads the one file of a multipart request, streaming it to `consume`. A body sent with
 * `Content-Encoding: gzip` is inflated first. More than `maxBytes` (after inflating) answers 413.
 */
export function receiveFile<T>(
  req: FastifyRequest,
  maxBytes: number,
  consume: (file: IncomingFile) => Promise<T>,
): Promise<T> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) {
    return Promise.reject(new BadRequestError('error.multipartRequired'));
  }
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let sawFile = false;
    const fields: Record<string, string> = {};
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.raw.resume();
      // A full disk is the operator's to fix, not a bad upload (507, core/error-handler.ts).
      reject(
        err instanceof AppError
          ? err
          : isStorageFull(err)
            ? new StorageFullError()
            : new BadRequestError('error.multipartInvalid'),
      );
    };
    const encoding = String(req.headers['content-encoding'] ?? '').toLowerCase();
    let source: Readable = req.raw;
    if (encoding === 'gzip') {
      const gunzip = createGunzip();
      gunzip.on('error', fail);
      // A gzip bomb stops here, not after inflating it all: the body (file and fields) may inflate to the
      // file's cap and a little more, never further.
      const cap = maxBytes + 256 * 1024;
      let inflated = 0;
      gunzip.on('data', (chunk: Buffer) => {
        inflated += chunk.length;
        if (inflated > cap) {
          fail(new PayloadTooLargeError(maxBytes));
          req.raw.unpipe(gunzip);
          gunzip.destroy();
        }
      });
      source = req.raw.pipe(gunzip);
    } else if (encoding && encoding !== 'identity') {
      reject(new BadRequestError('error.encodingUnsupported'));
      return;
    }
    let bb;
    try {
      bb = Busboy({
        headers: { ...req.headers, 'content-type': contentType },
        limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 4096 },
      });
    } catch (err) {
      fail(err);
      return;
    }
    bb.on('field', (name: string, value: string) => {
      fields[name] = value;
    });
    bb.on(
      'file',
      (_field: string, stream: IncomingFile['stream'], filename: string, _enc: string, mimeType: string) => {
        if (sawFile) {
          stream.resume();
          return;
        }
        sawFile = true;
        consume({ stream, filename, mimeType, fields }).then(
          (value) => {
            if (stream.truncated) return fail(new PayloadTooLargeError(maxBytes));
            if (settled) return;
            settled = true;
            resolve(value);
          },
          (err: unknown) => {
            stream.resume();
            fail(stream.truncated ? new PayloadTooLargeError(maxBytes) : err);
          },
        );
      },
    );
    bb.on('finish', () => {
      if (!sawFile) fail(new BadRequestError('error.fileRequired'));
    });
    bb.on('error', fail);
    source.pipe(bb);
  });
}
