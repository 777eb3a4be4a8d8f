import { parseArgs } from 'node:util';
import { createLogger } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { BackupError, createBackup } from '../core/backup.js';

/**
 * `npm run backup [-- --out <file>] [--pg-bin <dir>]`: one backup file of the configured database and stored
 * files (docs/operations.md, "Back up and restore"). Default name: `fleetdesk-<engine>-<UTC timestamp>.tar`.
 */
const { values } = parseArgs({
  options: {
    out: { type: 'string', short: 'o' },
    'pg-bin': { type: 'string' },
  },
});

const config = loadConfig();
const log = createLogger(config);
try {
  await createBackup(config, {
    log,
    ...(values.out ? { out: values.out } : {}),
    ...(values['pg-bin'] ? { pgBin: values['pg-bin'] } : {}),
  });
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`backup failed: ${err.message}\n备份失败：${err.zh}`);
  process.exitCode = 1;
}
