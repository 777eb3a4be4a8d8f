import type { ComponentType } from 'react';

/**
 * Tabs that other areas add to a driver's page (`/rentDriver/{id}?tab=<key>`) without the drivers feature
 * importing them (features never import each other), as `car-tabs` does for the car page. An area registers its
 * tabs from a small module that `app/routes.ts` loads with the driver screen; the panels themselves should be lazy.
 */
export interface DriverTabProps {
  driverId: number;
}

export interface DriverPageTab {
  key: string;
  /** Position among the added tabs (after the page's own). */
  order: number;
  /** A translation key with its namespace (`common:surveysTab.tab`). */
  labelKey: string;
  /** A menu element the user needs to see the tab (`rentDriver:view` when absent). */
  permission?: string;
  Panel: ComponentType<DriverTabProps>;
}

const driverPage = new Map<string, DriverPageTab>();

export function registerDriverPageTab(tab: DriverPageTab): void {
  driverPage.set(tab.key, tab);
}

export function driverPageTabs(): DriverPageTab[] {
  return [...driverPage.values()].sort((a, b) => a.order - b.order);
}
