/**
 * The menu codes of the route table's screens, registered by `app/routes.ts` when it loads (kept apart from
 * `screens.ts`, which reads the catalogue, so that the entry chunk does not carry the catalogue).
 */
let screenCodes: ReadonlySet<string> | null = null;

export function registerScreens(codes: Iterable<string>): void {
  screenCodes = new Set(codes);
}

/** The registered codes; null until the route table has loaded. */
export function registeredScreens(): ReadonlySet<string> | null {
  return screenCodes;
}
