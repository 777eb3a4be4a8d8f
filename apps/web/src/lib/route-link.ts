/**
 * Where a link to a route goes: its path without the optional parameters (`/rentCar/:type?` -> `/rentCar`).
 * The route table keeps the pattern, which the router and the guard match against.
 */
export function routeLink(path: string): string {
  const link = path.replace(/\/:[A-Za-z]+\?/g, '');
  return link || '/';
}

/** Whether a location lies in the screen a navigation entry opens (its path or a page under it). */
export function inSection(pathname: string, path: string): boolean {
  const link = routeLink(path);
  if (link === '/') return pathname === '/';
  return pathname === link || pathname.startsWith(`${link}/`);
}
