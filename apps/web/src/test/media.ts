/**
 * A window of `width` px for the media queries (`lib/use-media-query.ts`): `(max-width: N)` and `(min-width: N)`
 * match as a browser of that width would. The setup's stub (nothing matches: a wide window) comes back with
 * `wideWindow()`.
 */
export function windowWidth(width: number): void {
  const original = window.matchMedia;
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1])) && !!(max || min);
  };
  restore = () => {
    window.matchMedia = original;
  };
  window.matchMedia = (query: string) =>
    ({
      ...original(query),
      media: query,
      matches: matches(query),
    }) as MediaQueryList;
}

let restore = () => undefined as void;

export function wideWindow(): void {
  restore();
}
