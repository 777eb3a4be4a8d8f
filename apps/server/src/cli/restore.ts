import { parseArgs } from 'node:util';
import { createLogger } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { BackupError, restoreBackup } from '../core/backup.js';

/**
 * `npm run restore -- <file> [--force] [--pg-bin <dir>]`: restores a backup of `npm run backup` into the
 * configured database and file storage (docs/operations.md, "Back up and restore"). A target that holds data is
 * replaced only with `--force`.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    force: { type: 'boolean', default: false },
    'pg-bin': { type: 'string' },
  },
});

if (positionals.length !== 1) {
  console.error(
    'usage: npm run restore -- <backup file> [--force] [--pg-bin <dir>]\n用法：npm run restore -- <备份文件> [--force] [--pg-bin <目录>]',
  );
  process.exit(2);
}
const config = loadConfig();
const log = createLogger(config);
try {
  await restoreBackup(config, positionals[0]!, {
    log,
    force: values.force,
    ...(values['pg-bin'] ? { pgBin: values['pg-bin'] } : {}),
  });
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`restore failed: ${err.message}\n恢复失败：${err.zh}`);
  process.exitCode = 1;
}
