import type { Config } from '../../../config.js';
import { HttpFlowProvider } from './http.js';
import type { FlowProvider } from './provider.js';
import { SandboxFlowProvider } from './sandbox.js';

/** The configured flow API: the sandbox by default, the partner API with FLOW_API_PROVIDER=http. */
export function createFlowProvider(config: Config, now: () => Date): FlowProvider {
  if (config.FLOW_API_PROVIDER === 'http') {
    return new HttpFlowProvider({
      url: config.FLOW_API_URL!,
      key: config.FLOW_API_KEY!,
      secret: config.FLOW_API_SECRET!,
      now,
    });
  }
  return new SandboxFlowProvider();
}
