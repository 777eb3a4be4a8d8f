import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../core/deps.js';
import { pushRecords } from '../../db/schema/messages.js';
import { createSystemNotice, purposeTemplate, systemSendingState } from '../sms-notices/sms-notices.service.js';
import { smsCopiesDue } from './messages.service.js';

/** The SMS notices' source of the copies (named on the SMS screens like any batch source). */
export const MESSAGE_SMS_SOURCE = 'messageCopy';
export const MESSAGE_SMS_PURPOSE = 'messages.copy';
/** The template of the copies, created with this text the first time (the tenant may change or disable it). */
export const MESSAGE_SMS_TEMPLATE = {
  name: '消息中心短信',
  content: '{title}：{content}',
};
/** A copy's text is cut to this many characters (a long text stays readable in the message centre). */
const CONTENT_MAX = 60;

const clip = (s: string, max: number) => ([...s].length > max ? `${[...s].slice(0, max - 1).join('')}…` : s);

/**
 * One text per phone (a notice refuses a number twice): a single message as its title and text, several as their
 * count and titles.
 */
function textsByPhone(list: readonly { phone: string | null; title: string; content: string }[]) {
  const byPhone = new Map<string, { title: string; content: string }[]>();
  for (const m of list) {
    const mine = byPhone.get(m.phone!);
    if (mine) mine.push(m);
    else byPhone.set(m.phone!, [m]);
  }
  return [...byPhone].map(([phone, ms]) => ({
    phone,
    variables:
      ms.length === 1
        ? { title: ms[0]!.title, content: clip(ms[0]!.content, CONTENT_MAX) }
        : { title: `${ms.length} 条新消息`, content: clip(ms.map((m) => m.title).join('；'), CONTENT_MAX) },
  }));
}

/**
 * The SMS copies of message-centre messages whose readers chose their category (`message_settings`): one system
 * notice of the SMS area per call (the tenant's signature, template, daily quota and price), one text per message
 * to its reader's own phone, in the tenant's language (the message's stored Chinese text). Each message is
 * marked `sms_at` in the notice's transaction, so a delivery run again sends nothing twice; a reader without a
 * mobile, an inactive one or a read message gets none. Over the daily quota nothing is sent (logged).
 */
export async function sendSmsCopies(deps: AppDeps, tenantId: number, messageIds: readonly number[]): Promise<number> {
  const due = (await smsCopiesDue(deps.db, tenantId, messageIds)).filter((m) => m.phone && /^1\d{10}$/.test(m.phone));
  if (!due.length) return 0;
  const template = await purposeTemplate(deps, tenantId, MESSAGE_SMS_PURPOSE, MESSAGE_SMS_TEMPLATE);
  if (template.status !== 'active') return 0;
  const sending = await systemSendingState(deps, tenantId);
  if (due.length > sending.remaining) {
    deps.log.warn({ tenantId, messages: due.length }, 'message SMS copies: over the daily quota, not sent');
    return 0;
  }
  const created = await deps.db.transaction(async (tx) => {
    const marked = await tx
      .update(pushRecords)
      .set({ smsAt: deps.clock.now() })
      .where(
        and(
          eq(pushRecords.tenantId, tenantId),
          inArray(
            pushRecords.id,
            due.map((m) => Number(m.id)),
          ),
          isNull(pushRecords.smsAt),
        ),
      )
      .returning({ id: pushRecords.id });
    const ids = new Set(marked.map((m) => m.id));
    const mine = due.filter((m) => ids.has(Number(m.id)));
    if (!mine.length) return null;
    const notice = await createSystemNotice(
      deps,
      tx,
      { tenantId, userId: Number(mine[0]!.user_id) },
      {
        template,
        source: MESSAGE_SMS_SOURCE,
        recipients: textsByPhone(mine),
        signature: sending.signature,
        segmentPriceFen: sending.segmentPriceFen,
        defaults: { company: sending.shortName },
      },
    );
    return notice.created;
  });
  if (created) await deps.tasks.dispatch(created.task);
  return created ? 1 : 0;
}
