import { createHash } from 'node:crypto';
import type { SentLookup, SmsMessage, SmsProvider, SmsResult } from './sms.js';

/**
 * The sandbox gateway: nothing leaves the machine. It answers like a gateway would, after `delayMs`, with a
 * message id derived from the message (deterministic), and fails on request: a number ending in 0000 is
 * "unreachable", which lets a user and a test see the failure path. What it sends is kept in the SMS records
 * (the outbox screen) by the caller: the sandbox delivers nothing itself, so a message whose answer was never
 * recorded was not delivered anywhere.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  constructor(private readonly delayMs = 0) {}

  async send(message: SmsMessage): Promise<SmsResult> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (message.phone.endsWith('0000')) return { ok: false, error: 'sandbox: number unreachable (ends in 0000)' };
    const id = createHash('sha1').update(`${message.phone}\n${message.content}\n${Date.now()}`).digest('hex');
    return { ok: true, providerMessageId: `sbx-${id.slice(0, 20)}` };
  }

  async findSent(): Promise<SentLookup> {
    return 'absent';
  }
}
