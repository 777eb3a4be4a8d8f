import type { ComponentType } from 'react';

/**
 * Tabs that other areas add to the vehicle screens. Features do not import each other: the app layer
 * (`app/feature-slots.ts`) registers an area's lazy tab here, and the vehicles list page (`/rentCar/{key}`) and
 * the car page (`?tab={key}`) show what is registered after their own tabs. A tab's title is a key of the host's
 * namespace (`vehicles:tabs.{key}`, `vehicle-detail:detail.tabs.{key}`).
 */
export interface VehiclesTab {
  key: string;
  component: ComponentType;
}
export interface CarTab {
  key: string;
  component: ComponentType<{ carId: number }>;
}

const vehiclesTabs: VehiclesTab[] = [];
const carTabs: CarTab[] = [];

export function registerVehiclesTab(tab: VehiclesTab): void {
  if (!vehiclesTabs.some((t) => t.key === tab.key)) vehiclesTabs.push(tab);
}
export function registerCarTab(tab: CarTab): void {
  if (!carTabs.some((t) => t.key === tab.key)) carTabs.push(tab);
}
export function extraVehiclesTabs(): readonly VehiclesTab[] {
  return vehiclesTabs;
}
export function extraCarTabs(): readonly CarTab[] {
  return carTabs;
}
