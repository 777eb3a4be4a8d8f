import { startTracing } from './tracing.js';

// `npm run gps-gateway`: tracing first when asked for (src/tracing.ts), then the gateway (src/gps-gateway-process.ts).
await startTracing('fleetdesk-gps-gateway');
await import('./gps-gateway-process.js');
