import { loadConfig, type Config } from '../config.js';

/** Configuration of the test suite: fast password hashing, no general rate limit, no web app. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/fleetdesk-test-unused',
    PASSWORD_SCRYPT_LOG_N: '12',
    RATE_LIMIT_PER_MINUTE: '0',
    PUBLIC_URL: 'http://localhost:8080',
    FILE_URL_SECRET: 'test-secret-for-file-urls-0123456789',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...overrides,
  });
}
