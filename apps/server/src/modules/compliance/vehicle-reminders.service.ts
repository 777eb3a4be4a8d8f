// The vehicle reminder registry as other modules use it (the violation limits are one of its sources); the
// registry and this area's sources are in reminders.ts.
export {
  registerVehicleReminderSource,
  runVehicleReminders,
  type DueItem,
  type VehicleReminderSource,
} from './reminders.js';
