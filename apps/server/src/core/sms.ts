import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { smsMessages } from '../db/schema/platform.js';
import type { Db } from './db.js';
import { AliyunSmsProvider } from './providers/sms-aliyun.js';
import { SandboxSmsProvider } from './providers/sms-sandbox.js';
import type { SmsMessage, SmsProvider } from './providers/sms.js';

export interface SentSms {
  id: number;
  ok: boolean;
  error?: string;
}

/**
 * Sends SMS through the configured provider and keeps a record of each (for the sandbox, that record is the
 * outbox a user reads).
 */
export class SmsService {
  constructor(
    private readonly db: Db,
    readonly provider: SmsProvider,
    private readonly log: FastifyBaseLogger,
  ) {}

  get sandbox(): boolean {
    return this.provider.sandbox;
  }

  /** Sends one message now (sign-in codes); notices go through the SMS task, which batches them. */
  async send(message: SmsMessage & { tenantId?: number | null }): Promise<SentSms> {
    const [row] = await this.db
      .insert(smsMessages)
      .values({
        tenantId: message.tenantId ?? null,
        provider: this.provider.name,
        phone: message.phone,
        content: message.content,
        template: message.template ?? null,
        params: message.params ?? null,
        status: 'queued',
      })
      .returning({ id: smsMessages.id });
    const id = row!.id;
    const result = await this.provider.send(message).catch((err: Error) => {
      // An upstream timeout is left queued: it may have been delivered, and the caller decides.
      this.log.warn({ err, smsId: id }, 'SMS provider call failed');
      throw err;
    });
    if (result.ok) {
      await this.db
        .update(smsMessages)
        .set({ status: 'sent', providerMessageId: result.providerMessageId, sentAt: new Date() })
        .where(eq(smsMessages.id, id));
      return { id, ok: true };
    }
    await this.db.update(smsMessages).set({ status: 'failed', error: result.error }).where(eq(smsMessages.id, id));
    return { id, ok: false, error: result.error };
  }
}

export function createSmsProvider(config: Config): SmsProvider {
  if (config.SMS_PROVIDER === 'aliyun') {
    return new AliyunSmsProvider({
      accessKeyId: config.SMS_ALIYUN_ACCESS_KEY_ID!,
      accessKeySecret: config.SMS_ALIYUN_ACCESS_KEY_SECRET!,
      signName: config.SMS_ALIYUN_SIGN_NAME!,
      endpoint: config.SMS_ALIYUN_ENDPOINT,
    });
  }
  return new SandboxSmsProvider(config.NODE_ENV === 'test' ? 0 : config.SMS_SANDBOX_DELAY_MS);
}
