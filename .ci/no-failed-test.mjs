// Exit 0 when the vitest JSON reports in a directory name no failed test (and there is at least one), else 1.
// `.ci/run` asks this before it runs a test step again after a test worker process died (see there).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const reports = readdirSync(dir).filter((n) => n.endsWith('.json'));
const failed = reports
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')))
  .some(
    (r) =>
      (r.numFailedTests ?? 0) > 0 ||
      (r.testResults ?? []).some((t) => (t.assertionResults ?? []).some((a) => a.status === 'failed')),
  );
process.exit(reports.length > 0 && !failed ? 0 : 1);
