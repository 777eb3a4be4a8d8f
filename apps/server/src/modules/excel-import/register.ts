import type { AppDeps } from '../../core/deps.js';
import { importTaskKind } from './excel-import.service.js';

/** The Excel import's registrations: the task kind of large imports (each type is registered by its area). */
export function registerExcelImport(deps: AppDeps): void {
  deps.tasks.register(importTaskKind(deps));
}
