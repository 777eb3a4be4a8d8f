import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NO_PERMISSION_MESSAGE_ZH } from '@fleetdesk/contracts/errors';

const here = path.dirname(fileURLToPath(import.meta.url));
const locales = path.resolve(here, '..');
const src = path.resolve(locales, '..');
const LANGS = ['zh-CN', 'en-US'] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Json = { [key: string]: unknown };
const load = (lang: string, ns: string) =>
  JSON.parse(readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8')) as Json;
const namespaces = (lang: string) =>
  readdirSync(path.join(locales, lang))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();

/** Leaf keys, dotted; plural forms folded into their base key; arrays are leaves (returnObjects texts). */
function keys(value: unknown, prefix = ''): Set<string> {
  const out = new Set<string>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) for (const key of keys(v, prefix ? `${prefix}.${k}` : k)) out.add(key);
  } else {
    out.add(prefix.replace(PLURAL, ''));
  }
  return out;
}

/** The shape of a returnObjects text (agreements, annals): same structure in both languages. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === '__tests__' || name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('translations', () => {
  it('have the same namespaces in both languages', () => {
    expect(namespaces('en-US')).toEqual(namespaces('zh-CN'));
  });

  for (const ns of namespaces('zh-CN')) {
    it(`${ns}: every key exists in both languages, with the same structure`, () => {
      const [zh, en] = LANGS.map((lang) => load(lang, ns));
      const zhKeys = [...keys(zh)].sort();
      const enKeys = [...keys(en)].sort();
      expect(
        enKeys.filter((k) => !zhKeys.includes(k)),
        'missing in zh-CN',
      ).toEqual([]);
      expect(
        zhKeys.filter((k) => !enKeys.includes(k)),
        'missing in en-US',
      ).toEqual([]);
      // Texts read whole (returnObjects: agreements, annals) hold lists: the lists match item for item.
      for (const [key, value] of Object.entries(zh!)) {
        if (JSON.stringify(value).includes('[')) expect(shape((en as Json)[key]), `${ns}:${key}`).toEqual(shape(value));
      }
    });
  }

  it('every literal key the code asks for exists', () => {
    const known = new Map(namespaces('zh-CN').map((ns) => [ns, keys(load('zh-CN', ns))]));
    const has = (ns: string, key: string) => {
      const set = known.get(ns);
      // A key may name an object (returnObjects) whose leaves are known.
      return !!set && (set.has(key) || [...set].some((k) => k.startsWith(`${key}.`)));
    };
    const missing: string[] = [];
    for (const file of sourceFiles(src)) {
      const code = readFileSync(file, 'utf8');
      const ns = /useTranslation\(\s*'([\w-]+)'/.exec(code)?.[1] ?? 'common';
      for (const m of code.matchAll(/(?:\bt\(|i18nKey=)\s*["'`]([^"'`$]+)["'`]/g)) {
        const raw = m[1]!;
        const [space, key] = raw.includes(':') ? (raw.split(':') as [string, string]) : [ns, raw];
        if (!has(space, key)) missing.push(`${path.relative(src, file)}: ${space}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('say the no-permission message exactly as spec section 6 and the server do', () => {
    expect((load('zh-CN', 'common').errors as Json).noPermission).toBe(NO_PERMISSION_MESSAGE_ZH);
  });

  it('keep Chinese text out of the components (it belongs in locales/)', () => {
    const offenders = sourceFiles(src)
      .filter((f) => f.endsWith('.tsx'))
      .filter((f) => /[\u4e00-\u9fff]/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
  });
});
