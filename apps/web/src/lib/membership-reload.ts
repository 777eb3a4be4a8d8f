/**
 * Asks the session shell to load the membership again (a plan was just paid): the shell registers how; the
 * promise settles once the session holds the new membership (at once when no shell is there).
 */
type Reload = () => Promise<void>;
let reloader: Reload | null = null;

export function setMembershipReloader(fn: Reload | null): void {
  reloader = fn;
}

export function reloadMembership(): Promise<void> {
  return reloader ? reloader().catch(() => undefined) : Promise.resolve();
}
