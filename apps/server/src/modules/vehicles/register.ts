import type { AppDeps } from '../../core/deps.js';
import { registerCarImport } from './vehicles.import.js';

/** The vehicles' registrations: the car import. */
export function registerVehicles(_deps: AppDeps): void {
  registerCarImport();
}
