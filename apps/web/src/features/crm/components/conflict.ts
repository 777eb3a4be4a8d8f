import { RequestError } from '../../../lib/request';

/** What a 409 of the CRM names beside its message: the existing lead (duplicate phone) or driver (conversion). */
export interface ConflictFacts {
  leadId?: number;
  ownerName?: string | null;
  driverId?: number;
  driverName?: string;
}

/** The facts of a 409, wherever the answer carries them (`data` or the body itself); null for another failure. */
export function conflictOf(error: unknown): (ConflictFacts & { message: string; code?: string }) | null {
  if (!(error instanceof RequestError) || error.httpStatus !== 409) return null;
  const body = (error.body ?? {}) as Record<string, unknown>;
  const nested = [body.data, body.details].find((v) => v && typeof v === 'object');
  const data = (nested ?? body) as Record<string, unknown>;
  const num = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
  return {
    message: error.serverMessage || error.message,
    code: typeof body.code === 'string' ? body.code : undefined,
    leadId: num(data.leadId),
    ownerName: typeof data.ownerName === 'string' ? data.ownerName : null,
    driverId: num(data.driverId),
    driverName: typeof data.driverName === 'string' ? data.driverName : undefined,
  };
}
