import type { Config } from '../../config.js';
import { observeProvider } from '../metrics.js';
import { BaiduOcrProvider } from './ocr-baidu.js';
import { SandboxOcrProvider } from './ocr-sandbox.js';
import type { OcrProvider } from './ocr.js';

/** The configured OCR provider: the sandbox by default, Baidu AI Cloud with OCR_PROVIDER=baidu. */
export function createOcrProvider(config: Config, now: () => Date = () => new Date()): OcrProvider {
  const provider = makeOcrProvider(config, now);
  return observeProvider(provider, 'ocr', provider.name, ['vehicleLicense', 'idCard', 'drivingLicence']);
}

function makeOcrProvider(config: Config, now: () => Date): OcrProvider {
  if (config.OCR_PROVIDER === 'baidu') {
    return new BaiduOcrProvider({
      apiKey: config.OCR_BAIDU_API_KEY!,
      secretKey: config.OCR_BAIDU_SECRET_KEY!,
      endpoint: config.OCR_BAIDU_ENDPOINT.replace(/\/$/, ''),
      now,
    });
  }
  const delay = config.OCR_SANDBOX_DELAY_MS ?? (config.NODE_ENV === 'test' ? 0 : 800);
  return new SandboxOcrProvider(delay, now);
}
