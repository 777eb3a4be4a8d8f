import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LIB = path.resolve(__dirname, '..');
const REPO = path.resolve(__dirname, '../../../../..');
/** The trees whose import graphs must have no cycle: the whole web app and the whole server. */
const TREES = ['apps/web/src', 'apps/server/src'];

/** Every relative import of a file (static, `import type`, re-exports and `import('./x')`), as written. */
function importsOf(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
    /^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm,
  ];
  for (const re of patterns) {
    for (const m of source.matchAll(re)) found.add(m[1]!.replace(/^\.\//, '').replace(/\.(ts|tsx)$/, ''));
  }
  return [...found];
}

const SOURCE = /\.(ts|tsx)$/;

/** The source files of a tree (tests too: a test that closes a circle counts), skipping generated folders. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory())
      return ['node_modules', 'dist', 'migrations'].includes(name) ? [] : sourceFiles(file);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The file an import names (`./x`, `../x.js`, `./dir` with its index, `./x?schemas`), or null (css, json, assets). */
function resolveImport(from: string, spec: string, files: Set<string>): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\?.*$/, '')).replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** The import graph of a tree, by file path relative to the repository. */
function treeGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(path.join(REPO, root));
  const known = new Set(files);
  const rel = (f: string) => path.relative(REPO, f);
  return new Map(
    files.map((f) => {
      const targets = importsOf(readFileSync(f, 'utf8'))
        .map((spec) => resolveImport(f, spec.startsWith('.') ? spec : `./${spec}`, known))
        .filter((t): t is string => t !== null);
      return [rel(f), [...new Set(targets.map(rel))]];
    }),
  );
}

/** The cycles of a graph (each as the path that closes it), by depth-first search. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

function libGraph(): Map<string, string[]> {
  const files = readdirSync(LIB).filter((f) => /\.tsx?$/.test(f));
  return new Map(files.map((f) => [f.replace(/\.tsx?$/, ''), importsOf(readFileSync(path.join(LIB, f), 'utf8'))]));
}

describe('the import graphs of the web app and the server', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const looped = new Map([
      ['request', ['session', 'report-failure']],
      ['report-failure', ['feedback']],
      ['feedback', ['feedback-antd']],
      ['feedback-antd', ['sign-out']],
      ['sign-out', ['request']],
      ['session', []],
    ]);
    const cycles = findCycles(looped);
    expect(cycles).toHaveLength(1);
    expect(new Set(cycles[0])).toEqual(new Set(['request', 'report-failure', 'feedback', 'feedback-antd', 'sign-out']));
    expect(
      importsOf("import type { A } from './a';\nexport { b } from './b.ts';\nvoid import('./c');\nimport './d';"),
    ).toEqual(['a', 'b', 'c', 'd']);
  });

  it('resolves the imports of a tree to its files', () => {
    const graph = treeGraph('apps/web/src');
    expect(graph.get('apps/web/src/lib/report-failure.ts')).toContain('apps/web/src/lib/feedback.ts');
    const server = treeGraph('apps/server/src');
    expect(server.size).toBeGreaterThan(100);
    // The server writes its imports with `.js`.
    expect([...server.values()].some((targets) => targets.some((t) => t.endsWith('.ts')))).toBe(true);
  });

  it.each(TREES)('%s has no cycle', (root) => {
    expect(findCycles(treeGraph(root))).toEqual([]);
  });

  it('has no cycle in src/lib: the request layer stands below what reacts to its failures', () => {
    const graph = libGraph();
    expect(graph.get('request')).toBeDefined();
    expect(findCycles(graph)).toEqual([]);
    // Nothing that shows a failure or signs out is imported by the request layer.
    for (const above of ['report-failure', 'feedback', 'feedback-antd', 'sign-out']) {
      expect(graph.get('request')).not.toContain(above);
    }
  });
});
