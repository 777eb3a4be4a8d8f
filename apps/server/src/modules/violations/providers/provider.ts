/** A violation as a provider reports it, in our units (fen, an instant). */
export interface ProviderViolation {
  violationNo: string;
  occurredAt: Date;
  place: string;
  offenceCode: string;
  offenceText: string;
  fineFen: number;
  points: number;
  lateFeeFen: number;
  handled: boolean;
  authority: string;
}

/** What the provider needs to query a plate's city: the last N characters of the engine number / VIN (0 = all). */
export interface QueryRequirements {
  supported: boolean;
  engineDigits: number | null;
  vinDigits: number | null;
}

export interface QueryCar {
  plate: string;
  vin: string | null;
  engineNo: string | null;
}

/** The provider answered for this car, and how: its records, and its answer as received (kept as original data). */
export interface ProviderAnswer {
  violations: ProviderViolation[];
  raw: unknown;
}

/** The provider failed for this car (the car is refunded). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly raw?: unknown,
  ) {
    super(message);
  }
}

export interface ViolationProvider {
  readonly name: string;
  readonly sandbox: boolean;
  requirements(plate: string): Promise<QueryRequirements>;
  query(car: QueryCar, signal?: AbortSignal): Promise<ProviderAnswer>;
}

/** The last `digits` characters (0 = all) of a number, or null when it is missing or too short. */
export function tail(value: string | null, digits: number | null): string | null {
  if (digits === null) return '';
  if (!value) return null;
  if (digits === 0) return value;
  return value.length >= digits ? value.slice(-digits) : null;
}
