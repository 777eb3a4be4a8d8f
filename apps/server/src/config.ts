import { z } from 'zod';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '@fleetdesk/contracts/auth';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every setting of the server, read from the environment. This file is the only reader of process.env. */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /**
   * The embedded database (no DATABASE_URL) runs in a worker thread, so that a long statement does not hold the
   * other requests (docs/decisions.md); `false` runs it in the server's thread, as before.
   */
  PGLITE_WORKER: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(2 * 3600),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(30 * 24 * 3600),
  OAUTH_CLIENT_ID: z.string().min(1).default(DEFAULT_CLIENT_ID),
  OAUTH_CLIENT_SECRET: z.string().min(1).default(DEFAULT_CLIENT_SECRET),
  /** Key that signs file URLs; generated into DATA_DIR on first start when not given. */
  FILE_URL_SECRET: z.string().min(16).optional(),
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  /** Host of the old image storage whose addresses the web rewrites to the proxy path. */
  LEGACY_IMAGE_HOST: z.string().default('ccw-img.oss-cn-hangzhou.aliyuncs.com'),
  SMS_PROVIDER: z.enum(['sandbox', 'aliyun']).default('sandbox'),
  /** How long the sandbox gateway takes per message, like a real one. */
  SMS_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(5000).default(20),
  SMS_ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  SMS_ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_ALIYUN_SIGN_NAME: z.string().optional(),
  SMS_ALIYUN_CODE_TEMPLATE: z.string().optional(),
  /** Template of the notice to a registered phone that asked to register again (none: no notice is sent). */
  SMS_ALIYUN_REGISTERED_TEMPLATE: z.string().optional(),
  SMS_ALIYUN_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com/'),
  /** Vehicle licence OCR: the sandbox (default), or Baidu AI Cloud's vehicle_license API. */
  OCR_PROVIDER: z.enum(['sandbox', 'baidu']).default('sandbox'),
  OCR_BAIDU_API_KEY: z.string().optional(),
  OCR_BAIDU_SECRET_KEY: z.string().optional(),
  OCR_BAIDU_ENDPOINT: z.string().url().default('https://aip.baidubce.com'),
  /** How long the sandbox OCR takes to answer (default 800 ms; 0 in tests). */
  OCR_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * Addresses of positions: the sandbox (default, a table of real roads of the demo's cities), or `tenant`: the
   * tenant's map provider (AutoNavi with GEOCODE_AMAP_KEY, OpenStreetMap's Nominatim).
   */
  GEOCODE_PROVIDER: z.enum(['sandbox', 'tenant']).default('sandbox'),
  GEOCODE_AMAP_KEY: z.string().optional(),
  GEOCODE_AMAP_ENDPOINT: z.string().url().default('https://restapi.amap.com'),
  GEOCODE_NOMINATIM_ENDPOINT: z.string().url().default('https://nominatim.openstreetmap.org'),
  /** Nominatim's usage policy asks for an identifying User-Agent (default `Fleetdesk (<PUBLIC_URL>)`). */
  GEOCODE_NOMINATIM_USER_AGENT: z.string().min(3).optional(),
  /** How long the sandbox geocoder takes to answer (default 60 ms; 0 in tests). */
  GEOCODE_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * Payment provider: the sandbox (its own payment page, no money moves), WeChat Pay API v3 Native, or Alipay.
   * Unset means the sandbox, except in production, where a server refuses to start unless it is named.
   */
  PAY_PROVIDER: z.enum(['sandbox', 'wechat', 'alipay']).default('sandbox'),
  /** Base URL the providers send notifications to (`<base>/api/pay/notify/<provider>`); default PUBLIC_URL. */
  PAY_NOTIFY_BASE_URL: z.string().url().optional(),
  /** Key the sandbox signs its notifications with (HMAC-SHA256); default: random per process. */
  PAY_SANDBOX_SECRET: z.string().min(16).optional(),
  PAY_WECHAT_MCHID: z.string().optional(),
  PAY_WECHAT_APPID: z.string().optional(),
  /** Serial number of the merchant API certificate (the key below signs requests). */
  PAY_WECHAT_SERIAL_NO: z.string().optional(),
  /** Merchant API private key: PEM text (\n allowed) or a file path. */
  PAY_WECHAT_PRIVATE_KEY: z.string().optional(),
  PAY_WECHAT_APIV3_KEY: z.string().length(32).optional(),
  /** WeChat Pay platform public key or platform certificate (PEM text or a file path) and its id/serial. */
  PAY_WECHAT_PLATFORM_KEY: z.string().optional(),
  PAY_WECHAT_PLATFORM_SERIAL: z.string().optional(),
  PAY_WECHAT_ENDPOINT: z.string().url().default('https://api.mch.weixin.qq.com'),
  PAY_ALIPAY_APP_ID: z.string().optional(),
  /** Application private key (RSA2): PEM text (\n allowed), bare base64, or a file path. */
  PAY_ALIPAY_PRIVATE_KEY: z.string().optional(),
  /** Alipay public key (verifies answers and notifications): PEM, bare base64, or a file path. */
  PAY_ALIPAY_PUBLIC_KEY: z.string().optional(),
  PAY_ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  /** TrueType/OpenType font with Chinese glyphs for PDFs (receipts); default: the bundled or system Noto CJK. */
  PDF_FONT_PATH: z.string().optional(),
  /** Traffic-violation queries: the sandbox (default), or 聚合数据 (juhe.cn) 全国违章查询. */
  VIOLATION_PROVIDER: z.enum(['sandbox', 'juhe']).default('sandbox'),
  VIOLATION_JUHE_KEY: z.string().optional(),
  VIOLATION_JUHE_ENDPOINT: z.string().url().default('https://v.juhe.cn'),
  /** How long the sandbox takes per car (default 300 ms; 0 in tests). */
  VIOLATION_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Ride-hailing platforms' driver flows (fleet teams): the sandbox (default), or the partner API (docs/teams.md). */
  FLOW_API_PROVIDER: z.enum(['sandbox', 'http']).default('sandbox'),
  FLOW_API_URL: z.string().url().optional(),
  FLOW_API_KEY: z.string().optional(),
  FLOW_API_SECRET: z.string().optional(),
  /**
   * E-signature of contracts (docs/notarization.md): the sandbox (default), or e签宝's open API v3 (`tsign`: app id,
   * secret, and the API's address, https://openapi.esign.cn; its test one is https://smlopenapi.esign.cn).
   */
  ESIGN_PROVIDER: z.enum(['sandbox', 'tsign']).default('sandbox'),
  ESIGN_APP_ID: z.string().optional(),
  ESIGN_APP_SECRET: z.string().optional(),
  ESIGN_BASE_URL: z.string().url().default('https://openapi.esign.cn'),
  /** Key the e-signature and notary sandboxes sign their callbacks with; default: random per process. */
  ESIGN_SANDBOX_SECRET: z.string().min(16).optional(),
  /** The notary platform: the sandbox only (no notary platform publishes an API; docs/notarization.md). */
  NOTARY_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * The bearer token of `GET /metrics` (Prometheus); without it the route answers 404. At least 16 characters.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A port of its own for `/metrics` in the processes without an HTTP app (`npm run worker`, `npm run gps-gateway`). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Seed the demo tenants on start. Default: on for the embedded database, off for DATABASE_URL. */
  SEED_DEMO: z.enum(['true', 'false', 'auto']).default('auto'),
  /**
   * API processes on PostgreSQL (node:cluster, sharing the port); the embedded database keeps one. The first
   * also runs the job worker when RUN_WORKER is on.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Run the job worker inside the API process. Default: on. */
  RUN_WORKER: z.enum(['true', 'false']).default('true'),
  /** scrypt cost exponent for new password hashes (OWASP: 17). Lower only in tests. */
  PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  TRUST_PROXY: bool,
  /** General per-IP request limit of one process; 0 turns it off (benchmarks). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(3000),
  TZ_DEFAULT: z.string().default('Asia/Shanghai'),
  /**
   * How long a signed-in session is kept in the process (0: read on every call). Changes to tokens, users,
   * roles, rents and memberships drop it at once in every process (core/session-cache.ts).
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  /** The JT/T 808 TCP gateway: `embedded` in the API process (the first one of a cluster), or `off` (run `npm run gps-gateway`). */
  GPS_GATEWAY: z.enum(['embedded', 'off']).default('embedded'),
  GPS_TCP_PORT: z.coerce.number().int().min(0).max(65535).default(5015),
  /** Months of positions kept (older monthly partitions are dropped; PGlite deletes the rows). */
  GPS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /** How long positions wait to be written in one batch. */
  GPS_WRITE_INTERVAL_MS: z.coerce.number().int().min(1).max(5000).default(100),
  /**
   * Gateway caps (docs/gps.md, "The gateway's budget"): connections in all and from one address, and how long a
   * connection may take to authenticate. Embedded, the total is also held under the process's open-file limit.
   */
  GPS_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  GPS_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  GPS_AUTH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Register and auth attempts from one address a minute (in memory, before the database is asked). */
  GPS_AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Events and alarms from positions (docs/gps-events.md); `off` only to measure the writer without them. */
  GPS_EVENTS: z.enum(['on', 'off']).default('on'),
  /** Registers the benchmark's ceiling route (`GET /api/bench/ceiling`); only `npm run bench` sets it. */
  BENCH_ROUTES: bool,
  /**
   * Registers the test-only routes (`POST /api/test/contracts/daily`: the contracts' daily job now), answered
   * only to loopback callers; only the end-to-end tests set it.
   */
  TEST_ROUTES: bool,
});

export type Config = z.infer<typeof Env> & {
  databaseKind: 'pglite' | 'postgres';
  /** PAY_PROVIDER was given (not the default): in production the sandbox must be asked for by name. */
  payProviderNamed: boolean;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL=` in a shell or a compose file).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if (cfg.SMS_PROVIDER === 'aliyun') {
    for (const key of [
      'SMS_ALIYUN_ACCESS_KEY_ID',
      'SMS_ALIYUN_ACCESS_KEY_SECRET',
      'SMS_ALIYUN_SIGN_NAME',
      'SMS_ALIYUN_CODE_TEMPLATE',
    ] as const) {
      if (!cfg[key]) throw new Error(`Invalid configuration:\n  ${key}: required when SMS_PROVIDER=aliyun`);
    }
  }
  if (cfg.OCR_PROVIDER === 'baidu') {
    for (const key of ['OCR_BAIDU_API_KEY', 'OCR_BAIDU_SECRET_KEY'] as const) {
      if (!cfg[key]) throw new Error(`Invalid configuration:\n  ${key}: required when OCR_PROVIDER=baidu`);
    }
  }
  if (cfg.GEOCODE_PROVIDER === 'tenant' && !cfg.GEOCODE_AMAP_KEY) {
    throw new Error('Invalid configuration:\n  GEOCODE_AMAP_KEY: required when GEOCODE_PROVIDER=tenant');
  }
  const payRequired = {
    wechat: [
      'PAY_WECHAT_MCHID',
      'PAY_WECHAT_APPID',
      'PAY_WECHAT_SERIAL_NO',
      'PAY_WECHAT_PRIVATE_KEY',
      'PAY_WECHAT_APIV3_KEY',
      'PAY_WECHAT_PLATFORM_KEY',
      'PAY_WECHAT_PLATFORM_SERIAL',
    ],
    alipay: ['PAY_ALIPAY_APP_ID', 'PAY_ALIPAY_PRIVATE_KEY', 'PAY_ALIPAY_PUBLIC_KEY'],
    sandbox: [],
  } as const;
  for (const key of payRequired[cfg.PAY_PROVIDER]) {
    if (!cfg[key]) throw new Error(`Invalid configuration:\n  ${key}: required when PAY_PROVIDER=${cfg.PAY_PROVIDER}`);
  }
  if (cfg.ESIGN_PROVIDER === 'tsign') {
    for (const key of ['ESIGN_APP_ID', 'ESIGN_APP_SECRET'] as const) {
      if (!cfg[key]) throw new Error(`Invalid configuration:\n  ${key}: required when ESIGN_PROVIDER=tsign`);
    }
  }
  if (cfg.FLOW_API_PROVIDER === 'http') {
    for (const key of ['FLOW_API_URL', 'FLOW_API_KEY', 'FLOW_API_SECRET'] as const) {
      if (!cfg[key]) throw new Error(`Invalid configuration:\n  ${key}: required when FLOW_API_PROVIDER=http`);
    }
  }
  if (cfg.VIOLATION_PROVIDER === 'juhe' && !cfg.VIOLATION_JUHE_KEY) {
    throw new Error('Invalid configuration:\n  VIOLATION_JUHE_KEY: required when VIOLATION_PROVIDER=juhe');
  }
  if (cfg.S3_BUCKET && !(cfg.S3_ACCESS_KEY_ID && cfg.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET');
  }
  return { ...cfg, databaseKind: cfg.DATABASE_URL ? 'postgres' : 'pglite', payProviderNamed: !!set.PAY_PROVIDER };
}

/**
 * What a server process (API or worker) checks before it starts: in production it does not run payments on
 * the sandbox by default, where any tenant could approve its own top-up on the sandbox page. Only
 * `PAY_PROVIDER=sandbox`, set on purpose (a demo, a staging copy), starts it.
 */
export function assertStartable(config: Config): void {
  if (config.NODE_ENV === 'production' && config.PAY_PROVIDER === 'sandbox' && !config.payProviderNamed) {
    throw new Error(
      'Invalid configuration:\n  PAY_PROVIDER: required in production: wechat or alipay with their keys, or ' +
        'sandbox on purpose (no money moves; anyone with the link approves the payment)',
    );
  }
}
