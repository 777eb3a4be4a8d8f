import type { Config } from '../../../config.js';
import { JuheViolationProvider } from './juhe.js';
import type { ViolationProvider } from './provider.js';
import { SandboxViolationProvider } from './sandbox.js';

/** The configured violation-query provider: the sandbox by default, juhe.cn with VIOLATION_PROVIDER=juhe. */
export function createViolationProvider(config: Config, now: () => Date): ViolationProvider {
  if (config.VIOLATION_PROVIDER === 'juhe') {
    return new JuheViolationProvider({
      key: config.VIOLATION_JUHE_KEY!,
      endpoint: config.VIOLATION_JUHE_ENDPOINT,
      now,
    });
  }
  const delay = config.VIOLATION_SANDBOX_DELAY_MS ?? (config.NODE_ENV === 'test' ? 0 : 300);
  return new SandboxViolationProvider(delay, now);
}
