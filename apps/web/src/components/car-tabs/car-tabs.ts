import type { ComponentType } from 'react';

/**
 * Tabs that other areas add to the vehicle screens without the vehicles feature importing them (features never
 * import each other): a tab of one car's page (`/rentCar/car/{id}?tab=<key>`) and a tab of the vehicles screen
 * (`/rentCar/<key>`). An area registers its tabs from a small module that `app/routes.ts` loads with those
 * screens; the panels themselves should be lazy.
 */
/** What a car page tab gets: the car on screen. */
export interface CarTabProps {
  carId: number;
  plate: string;
  rentId: number;
}

export interface CarPageTab {
  key: string;
  /** Position among the added tabs (the car page's own tabs come around them). */
  order: number;
  /** A translation key with its namespace (`compliance:carTabs.licences`). */
  labelKey: string;
  /** A menu element the user needs to see the tab (`rentCar:view` when absent). */
  permission?: string;
  Panel: ComponentType<CarTabProps>;
}

export interface FleetTab {
  key: string;
  order: number;
  labelKey: string;
  permission?: string;
  Panel: ComponentType;
}

const carPage = new Map<string, CarPageTab>();
const fleet = new Map<string, FleetTab>();

export function registerCarPageTab(tab: CarPageTab): void {
  carPage.set(tab.key, tab);
}

export function registerFleetTab(tab: FleetTab): void {
  fleet.set(tab.key, tab);
}

export function carPageTabs(): CarPageTab[] {
  return [...carPage.values()].sort((a, b) => a.order - b.order);
}

export function fleetTabs(): FleetTab[] {
  return [...fleet.values()].sort((a, b) => a.order - b.order);
}
