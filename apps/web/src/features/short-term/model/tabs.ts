import type { Access } from '../../../lib/access';

export const SHORT_TABS = ['board', 'bookings', 'stores', 'prices'] as const;
export type ShortTab = (typeof SHORT_TABS)[number];

/** Every tab reads with `sevenShort:view`; the screen is not shown without it. */
export function shortTabs(access: Pick<Access, 'can'>): ShortTab[] {
  return access.can('sevenShort:view') ? [...SHORT_TABS] : [];
}

export const bookingPath = (id: number) => `/sevenShort/booking/${id}`;
