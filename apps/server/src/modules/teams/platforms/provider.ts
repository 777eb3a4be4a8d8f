import type { FlowPlatform } from '@fleetdesk/contracts/team-performance';

/** One driver's day as a platform reports it, in our units (minutes, fen, the platform's calendar day). */
export interface PlatformFlowDay {
  phone: string;
  day: string;
  onlineMinutes: number;
  orders: number;
  flowFen: number;
}

/** What a sync asks a platform: the fleet's partner id, the days, and the fleet's drivers (by phone). */
export interface FlowQuery {
  platform: FlowPlatform;
  partnerId: string;
  from: string;
  to: string;
  phones: string[];
  page: number;
}

export interface FlowPage {
  days: PlatformFlowDay[];
  /** The next page to ask for, or null at the end. */
  next: number | null;
}

/** The platform refused or failed (the sync is recorded as failed with this message). */
export class FlowProviderError extends Error {}

/**
 * A ride-hailing platform's flow API as the teams area uses it (docs/teams.md, "Platform API"): pages of driver
 * days of the fleet's partner account. The sandbox makes them up from the phones; `http` speaks the partner API.
 */
export interface FlowProvider {
  readonly name: 'sandbox' | 'http';
  readonly sandbox: boolean;
  fetchDays(query: FlowQuery, signal?: AbortSignal): Promise<FlowPage>;
}
