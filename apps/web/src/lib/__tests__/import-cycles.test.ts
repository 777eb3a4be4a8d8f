import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LIB = path.resolve(__dirname, '..');

/** Every relative import of a file (static, `import type`, re-exports and `import('./x')`), as lib file names. */
function importsOf(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bfrom\s+['"](\.\/[^'"]+)['"]/g,
    /\bimport\s*\(\s*['"](\.\/[^'"]+)['"]\s*\)/g,
    /^\s*import\s+['"](\.\/[^'"]+)['"]/gm,
  ];
  for (const re of patterns) {
    for (const m of source.matchAll(re)) found.add(m[1]!.replace(/^\.\//, '').replace(/\.(ts|tsx)$/, ''));
  }
  return [...found];
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

describe('the import graph of src/lib', () => {
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

  it('has no cycle: the request layer stands below what reacts to its failures', () => {
    const graph = libGraph();
    expect(graph.get('request')).toBeDefined();
    expect(findCycles(graph)).toEqual([]);
    // Nothing that shows a failure or signs out is imported by the request layer.
    for (const above of ['report-failure', 'feedback', 'feedback-antd', 'sign-out']) {
      expect(graph.get('request')).not.toContain(above);
    }
  });
});
