import type { AppDeps } from '../../core/deps.js';
import { subscribe, type EventHandler } from '../../core/events.js';
import { registerSchedule } from '../../core/schedules.js';
import { registerContractGuard } from '../rental-contracts/rental-contracts.service.js';
import { sandboxCertificate } from './dossier.js';
import { completeSignedFlow, esignGuard, expireFlows } from './esign.service.js';
import { storeCertificate } from './notarization.service.js';
import { setCertificateRenderer } from './providers/index.js';

/** Hourly at :25: flows past their expiry that no callback ended. */
export const ESIGN_EXPIRE_CRON = '25 * * * *';

/**
 * E-signature and notarization (docs/notarization.md): the contracts' guard (no paper signing, change or
 * cancellation while a flow signs), the sandbox notary's certificate, the expiry schedule.
 */
export function registerNotarization(deps: AppDeps): void {
  void deps;
  registerContractGuard(esignGuard);
  setCertificateRenderer(sandboxCertificate);
  registerSchedule({
    name: 'esign.expire',
    cron: ESIGN_EXPIRE_CRON,
    atStart: false,
    description:
      'E-signature: flows still signing after their expiry (no callback said so) become expired; the fee is given back when nobody had signed.',
    run: async (d) => {
      await expireFlows(d);
    },
  });
}

const esignCompleted: EventHandler<'esign.completed'> = async (events, deps) => {
  for (const e of events) await completeSignedFlow(deps, e.tenantId, e.payload.flowId);
};
const notarized: EventHandler<'notarization.notarized'> = async (events, deps) => {
  for (const e of events) await storeCertificate(deps, e.tenantId, e.payload.notarizationId);
};

/** After the callbacks' transactions: the signed PDF and the contract's signing; the notary's certificate. */
export function registerNotarizationSubscribers(): void {
  subscribe('esign.completed', 'notarization.esignCompleted', esignCompleted, { durable: true });
  subscribe('notarization.notarized', 'notarization.certificate', notarized, { durable: true });
}
