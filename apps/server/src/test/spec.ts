import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root, from this file (apps/server/src/test/). Tests read nothing outside it. */
const ROOT = new URL('../../../../', import.meta.url);

/** The calls of the product specification (`docs/spec/endpoints.tsv`): area, method and path of each. */
export function specEndpoints(): { area: string; method: string; path: string }[] {
  const tsv = readFileSync(fileURLToPath(new URL('docs/spec/endpoints.tsv', ROOT)), 'utf8');
  return tsv
    .split('\n')
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => {
      const [area = '', method = '', path = ''] = l.split('\t');
      return { area, method, path };
    });
}
