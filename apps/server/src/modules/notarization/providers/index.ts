import { randomToken } from '../../../core/secrets.js';
import { DEFAULT_TIME_ZONE, localDate } from '../../../core/tenant-time.js';
import type { AppDeps } from '../../../core/deps.js';
import type { EsignProvider } from './esign-provider.js';
import { SandboxEsignProvider } from './esign-sandbox.js';
import { TsignEsignProvider } from './esign-tsign.js';
import type { NotaryProvider } from './notary-provider.js';
import { SandboxNotaryProvider, type CertificateRenderer } from './notary-sandbox.js';

export interface NotarizationProviders {
  esign: EsignProvider;
  /** The e-signature sandbox (its signing page) while it is the provider in use, else null. */
  esignSandbox: SandboxEsignProvider | null;
  notary: NotaryProvider;
  notarySandbox: SandboxNotaryProvider | null;
}

const made = new WeakMap<AppDeps, NotarizationProviders>();
let certificateRenderer: ((deps: AppDeps) => CertificateRenderer) | null = null;

/** The service gives the sandbox notary its certificate drawing (the PDF builder lives with the service). */
export function setCertificateRenderer(r: (deps: AppDeps) => CertificateRenderer): void {
  certificateRenderer = r;
}

/** The providers of one app (configuration `ESIGN_PROVIDER`, `NOTARY_PROVIDER`), made once. */
export function notarizationProviders(deps: AppDeps): NotarizationProviders {
  const known = made.get(deps);
  if (known) return known;
  const c = deps.config;
  const secret = c.ESIGN_SANDBOX_SECRET ?? randomToken();
  const now = () => deps.clock.now();
  const esignSandbox =
    c.ESIGN_PROVIDER === 'sandbox'
      ? new SandboxEsignProvider({
          db: deps.db,
          clock: deps.clock,
          storage: deps.storage,
          publicUrl: c.PUBLIC_URL,
          secret,
        })
      : null;
  const esign =
    esignSandbox ??
    new TsignEsignProvider({ appId: c.ESIGN_APP_ID!, secret: c.ESIGN_APP_SECRET!, baseUrl: c.ESIGN_BASE_URL, now });
  const notarySandbox = new SandboxNotaryProvider({
    db: deps.db,
    clock: deps.clock,
    publicUrl: c.PUBLIC_URL,
    secret,
    renderCertificate: (info) => {
      if (!certificateRenderer) throw new Error('notarization: no certificate renderer');
      return certificateRenderer(deps)(info);
    },
    dayOf: (at) => localDate(DEFAULT_TIME_ZONE, at),
  });
  const p: NotarizationProviders = { esign, esignSandbox, notary: notarySandbox, notarySandbox };
  made.set(deps, p);
  return p;
}
