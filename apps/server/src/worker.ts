import { startTracing } from './tracing.js';

// `npm run worker`: tracing first when asked for (src/tracing.ts), then the worker (src/worker-process.ts).
await startTracing('fleetdesk-worker');
await import('./worker-process.js');
