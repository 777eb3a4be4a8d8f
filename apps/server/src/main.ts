import { startTracing } from './tracing.js';

// The API process (`npm start`, `node dist/main.js`): tracing first when asked for (src/tracing.ts), then the server.
await startTracing('fleetdesk-api');
await import('./server.js');
