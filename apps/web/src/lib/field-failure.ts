import type { RequestError } from './request';

/** A 400 whose body names the fields: the form shows those itself (the request layer stays quiet). */
export function isFieldFailure(error: RequestError): boolean {
  return error.httpStatus === 400 && serverFieldErrors(error).length > 0;
}

/**
 * The field errors of a validation envelope, `{path, message}` each (`plate`, `images.0.url`). An entry with
 * the empty path is about the request as a whole (every 400 names one); the request layer shows that one.
 */
export function serverFieldErrors(error: unknown): { path: string; message: string }[] {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  return Array.isArray(errors) ? (errors as { path: string; message: string }[]).filter((e) => e.path !== '') : [];
}

/**
 * A refusal of a business rule (409: the car cannot be rented, someone else collected the line first...): inside a
 * dialog or a wizard the caller shows it in place (`components/inline-failure.tsx`) until the user acts, instead
 * of a message that vanishes.
 */
export function isBlockingFailure(error: RequestError): boolean {
  return error.httpStatus === 409;
}
