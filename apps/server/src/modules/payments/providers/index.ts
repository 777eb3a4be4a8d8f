import { observeProvider } from '../../../core/metrics.js';
import { randomToken } from '../../../core/secrets.js';
import type { AppDeps } from '../../../core/deps.js';
import type { PayProviderName } from '@fleetdesk/contracts/payments';
import { PaymentPaths } from '@fleetdesk/contracts/payments';
import type { PayProvider } from './provider.js';
import { SandboxPayProvider } from './sandbox.js';
import { AlipayProvider } from './alipay.js';
import { WechatPayProvider } from './wechat.js';

export interface PayProviders {
  /** The configured provider (PAY_PROVIDER): new payments go to it. */
  active: PayProvider;
  /** The sandbox's own books and page; its calls answer only while it is the provider in use. */
  sandbox: SandboxPayProvider;
  /**
   * The provider an order was offered to, if it is the one configured now. Orders offered to another (before a
   * change of PAY_PROVIDER) are neither settled nor refunded through it: above all, a sandbox trade left over
   * can never pay an order once a real provider is configured.
   */
  byName(name: string | null): PayProvider | null;
}

const cache = new WeakMap<AppDeps, PayProviders>();

export function notifyUrl(deps: Pick<AppDeps, 'config'>, provider: PayProviderName): string {
  const base = (deps.config.PAY_NOTIFY_BASE_URL ?? deps.config.PUBLIC_URL).replace(/\/$/, '');
  return base + PaymentPaths.notify.replace(':provider', provider);
}

/** The payment providers of an app, built once from its configuration. */
export function payProviders(deps: AppDeps): PayProviders {
  const known = cache.get(deps);
  if (known) return known;
  const sandbox = new SandboxPayProvider({
    db: deps.db,
    clock: deps.clock,
    publicUrl: deps.config.PUBLIC_URL,
    secret: deps.config.PAY_SANDBOX_SECRET ?? randomToken(),
    notifyPath: PaymentPaths.notify.replace(':provider', 'sandbox'),
  });
  const chosen: PayProvider = createRealProvider(deps) ?? sandbox;
  // Each call of the provider counted by outcome (`fleetdesk_provider_calls_total`); the sandbox's own page and
  // books are reached through `sandbox`, not counted.
  const active = observeProvider(chosen, 'payment', chosen.name, [
    'createNative',
    'query',
    'close',
    'refund',
    'queryRefund',
  ]);
  const providers: PayProviders = {
    active,
    sandbox,
    byName: (name) => (name === active.name ? active : null),
  };
  cache.set(deps, providers);
  return providers;
}

/** Replaces the providers of an app (tests: an adapter pointed at a stand-in server). */
export function setPayProviders(deps: AppDeps, active: PayProvider): PayProviders {
  const current = payProviders(deps);
  const providers: PayProviders = {
    active,
    sandbox: current.sandbox,
    byName: (name) => (name === active.name ? active : null),
  };
  cache.set(deps, providers);
  return providers;
}

function createRealProvider(deps: AppDeps): PayProvider | null {
  const c = deps.config;
  const now = { now: () => deps.clock.now() };
  if (c.PAY_PROVIDER === 'wechat') {
    return new WechatPayProvider({
      mchid: c.PAY_WECHAT_MCHID!,
      appid: c.PAY_WECHAT_APPID!,
      serialNo: c.PAY_WECHAT_SERIAL_NO!,
      privateKey: c.PAY_WECHAT_PRIVATE_KEY!,
      apiV3Key: c.PAY_WECHAT_APIV3_KEY!,
      platformKey: c.PAY_WECHAT_PLATFORM_KEY!,
      platformSerial: c.PAY_WECHAT_PLATFORM_SERIAL!,
      endpoint: c.PAY_WECHAT_ENDPOINT,
      clock: now,
    });
  }
  if (c.PAY_PROVIDER === 'alipay') {
    return new AlipayProvider({
      appId: c.PAY_ALIPAY_APP_ID!,
      privateKey: c.PAY_ALIPAY_PRIVATE_KEY!,
      alipayPublicKey: c.PAY_ALIPAY_PUBLIC_KEY!,
      gateway: c.PAY_ALIPAY_GATEWAY,
      clock: now,
    });
  }
  return null;
}
