import type { FastifyInstance } from 'fastify';
import { BadRequestError } from './errors.js';

/**
 * Text that no column can hold: NUL (PostgreSQL refuses it in `text`, and a refusal there is a 500) and lone
 * UTF-16 surrogates (not Unicode; they turn into U+FFFD or fail on the way to the database). One hook refuses
 * both in every string of a request that a handler could read (path parameters, query, body, the headers that
 * are stored) before validation, so that no route, now or later, has to think of it.
 */
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Keys that reach an object's prototype when a body is merged with `Object.assign` or a deep merge. */
const POISON_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Headers whose values reach the database or the log (the rest are parsed into numbers or ignored). */
const STORED_HEADERS = ['user-agent', 'x-request-id', 'accept-language', 'x-rent-id', 'x-user-type', 'referer'];

export interface BadInput {
  path: string;
  message: 'v.badText' | 'v.forbiddenKey' | 'v.tooDeep';
}

/**
 * How deep a request's objects and arrays may nest. Nothing the API takes comes near it; a deeper value is
 * refused rather than left unchecked below this depth (text there could still hold a NUL).
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * The first place in `value` (a parsed query, body or params object) holding bad text or a prototype key, as
 * a dotted path with the message to answer.
 */
export function findBadInput(value: unknown, path = '', depth = 0): BadInput | null {
  if (typeof value === 'string') return BAD_TEXT.test(value) ? { path, message: 'v.badText' } : null;
  if (value === null || typeof value !== 'object') return null;
  if (Buffer.isBuffer(value)) return null;
  if (depth >= MAX_INPUT_DEPTH) return { path, message: 'v.tooDeep' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadInput(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (POISON_KEYS.has(key)) return { path: here, message: 'v.forbiddenKey' };
    if (BAD_TEXT.test(key)) return { path: here, message: 'v.badText' };
    const found = findBadInput(v, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The first place in `value` holding bad text (NUL or a lone surrogate), as a dotted path. */
export function findBadText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return BAD_TEXT.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_INPUT_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (BAD_TEXT.test(key)) return here;
    const found = findBadText(v, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses bad input with a 400 naming the field, in the shape of a schema failure. */
function refuse(bad: BadInput): never {
  throw new BadRequestError('error.badRequest', undefined, [bad]);
}

export function registerInputGuard(app: FastifyInstance): void {
  // onRequest sees the URL before any auth or rate-limit lookup uses its parts; the body comes later.
  app.addHook('onRequest', async (req) => {
    const params = findBadInput(req.params);
    if (params !== null) refuse(params);
    const query = findBadInput(req.query);
    if (query !== null) refuse(query);
    for (const name of STORED_HEADERS) {
      const value = req.headers[name];
      if (value !== undefined && findBadText(value) !== null) refuse({ path: `headers.${name}`, message: 'v.badText' });
    }
  });
  // The JSON parser keeps `__proto__` and `constructor` keys as plain own keys (onProtoPoisoning: 'ignore'),
  // so that this hook can name the field; nothing reads a body before it.
  app.addHook('preValidation', async (req) => {
    const body = findBadInput(req.body);
    if (body !== null) refuse(body);
  });
}
