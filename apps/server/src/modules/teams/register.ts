import type { AppDeps } from '../../core/deps.js';
import { registerFlowImport } from './flow.import.js';

/** Fleet teams' registrations (docs/teams.md): the `driver_flow` import type. */
export function registerTeams(_deps?: AppDeps): void {
  registerFlowImport();
}
