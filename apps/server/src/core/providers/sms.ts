/**
 * SMS provider interface (DESIGN.md section 9). The sandbox adapter is the default; the Aliyun adapter talks
 * to Alibaba Cloud's SMS HTTP API (dysmsapi SendSms).
 */
export interface SmsMessage {
  phone: string;
  /** The text as the recipient reads it (the sandbox shows it; a template gateway renders its own). */
  content: string;
  /** Gateway template code, for gateways that only send approved templates. */
  template?: string | undefined;
  params?: Record<string, string> | undefined;
  /** Our id of the message, echoed by the gateway (lets `findSent` recognise it). */
  outId?: string | undefined;
}

/** Whether the gateway has a message we sent under `outId`: 'unknown' when it cannot tell. */
export type SentLookup = 'sent' | 'absent' | 'unknown';

export type SmsResult = { ok: true; providerMessageId: string } | { ok: false; error: string };

export interface SmsProvider {
  readonly name: string;
  /** True when nothing reaches a phone (the UI shows a "sandbox" badge). */
  readonly sandbox: boolean;
  send(message: SmsMessage): Promise<SmsResult>;
  /**
   * After a crash between handing a message to the gateway and recording the answer, tells whether the
   * gateway took it, so that it is neither lost nor sent twice.
   */
  findSent(outId: string, phone: string, sentAt: Date): Promise<SentLookup>;
}
