import type { TripState } from '@fleetdesk/contracts/time-share';
import type { Access } from '../../../lib/access';

export const TS_TABS = ['trips', 'zones', 'rates', 'renters'] as const;
export type TsTab = (typeof TS_TABS)[number];

/** The tabs the user may open: every tab reads with `sevenGo:view`. */
export function timeShareTabs(access: Pick<Access, 'can'>): TsTab[] {
  return access.can('sevenGo:view') ? [...TS_TABS] : [];
}

export type TripAction = 'start' | 'end' | 'cancel' | 'pay';

/**
 * What can be done to a trip in its state (the contracts' TRIP_TRANSITIONS) by staff with `sevenGo:edit`:
 * a reservation is started or cancelled, a trip in use is ended, an ended (unpaid) trip is paid from the balance.
 */
export function tripActions(state: TripState, access: Pick<Access, 'can'>): TripAction[] {
  if (!access.can('sevenGo:edit')) return [];
  switch (state) {
    case 'reserved':
      return ['start', 'cancel'];
    case 'inUse':
      return ['end'];
    case 'ended':
      return ['pay'];
    default:
      return [];
  }
}
