import { register } from 'node:module';

/**
 * OpenTelemetry traces: off unless the standard environment asks for them. `OTEL_TRACES_EXPORTER` (otlp, console,
 * zipkin; `none` keeps them off) or an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`,
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) turns them on; `OTEL_SDK_DISABLED=true` wins. Everything else is the SDK's
 * own environment: `OTEL_EXPORTER_OTLP_PROTOCOL` (http/protobuf by default, http/json, grpc), headers, sampling
 * (`OTEL_TRACES_SAMPLER`), `OTEL_SERVICE_NAME` (default: the process's kind), `OTEL_RESOURCE_ATTRIBUTES`.
 */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (exporters.length) return exporters.some((e) => e !== 'none');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

let shutdown: (() => Promise<void>) | null = null;

/**
 * Starts the SDK before the process loads the rest of its code (each entry point imports its body only after this):
 * the HTTP server and client calls, and every PostgreSQL statement (`pg`), become spans; the API names each request's
 * span after its route (`app.ts`). Loaded only when wanted: a process without tracing loads no SDK.
 */
export async function startTracing(serviceName: string): Promise<void> {
  if (!tracingWanted()) return;
  // Modules loaded from here on (ES modules too) can be patched by the instrumentations.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  process.env.OTEL_SERVICE_NAME ??= serviceName;
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
  const probes = new Set(['/healthz', '/readyz', '/metrics']);
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => probes.has((req.url ?? '').split('?')[0]!) }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  shutdown = () => sdk.shutdown();
}

/** Sends the spans still buffered (a process that exits calls this first). */
export async function stopTracing(): Promise<void> {
  await shutdown?.().catch(() => undefined);
}
