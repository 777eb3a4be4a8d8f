/**
 * Test reporters of every package: the default one, plus a JSON file per run when VITEST_JSON_DIR is set
 * (CI sums these into its "N passed, N failed" line).
 */
export function reporters(name: string): (string | [string, Record<string, unknown>])[] {
  const dir = process.env.VITEST_JSON_DIR;
  if (!dir) return ['default'];
  return ['default', ['json', { outputFile: `${dir}/${name}-${process.pid}-${Date.now()}.json` }]];
}
