import type { AppDeps } from '../../core/deps.js';
import { registerAttendanceImport } from './attendance.import.js';
import { registerLeaveTypes } from './leave-types.js';

/** Attendance's registrations: the leave and trip approval types, the attendance import. */
export function registerAttendance(_deps: AppDeps): void {
  registerLeaveTypes();
  registerAttendanceImport();
}
