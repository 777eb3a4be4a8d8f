import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IMPORT_TEXT_KEYS } from '../../../components/import-wizard/import-wizard';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');
const PLURAL = /_(one|other)$/;

function leafKeys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix.replace(PLURAL, '')];
}

/** The shared import wizard reads its texts from its host's namespace: every host has them all. */
describe('the import wizard texts', () => {
  for (const ns of ['organisation', 'vehicles', 'attendance', 'crm', 'teams']) {
    for (const lang of ['zh-CN', 'en-US']) {
      it(`are all in ${lang}/${ns}.json`, () => {
        const json = JSON.parse(readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8')) as { import: object };
        const keys = new Set(leafKeys(json.import));
        expect(IMPORT_TEXT_KEYS.filter((k) => !keys.has(k))).toEqual([]);
      });
    }
  }
});
