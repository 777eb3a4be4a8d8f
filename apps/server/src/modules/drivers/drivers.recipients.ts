import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { SMS_MAX_RECIPIENTS } from '@fleetdesk/contracts/sms-notices';
import { DRIVER_STATE_TITLES, DRIVER_STATES, type DriverState } from '@fleetdesk/contracts/drivers';
import { drivers } from '../../db/schema/drivers.js';
import { rents } from '../../db/schema/tenancy.js';
import { listLabels } from '../organisation/labels.service.js';
import { registerRecipientSource } from '../sms-notices/sms-notices.service.js';
import { dueWindow } from './drivers.service.js';
import { inScope } from './drivers.repository.js';

const list = (v: string | string[] | undefined) =>
  v === undefined || v === '' ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== '');
const ids = (v: string | string[] | undefined) => list(v).map(Number).filter(Number.isSafeInteger);
const DUE = ['expired', 'soon'] as const;

/**
 * Drivers as an SMS recipient source (the interface of the SMS notices area): by state, label and the expiry of
 * their licence or certificate, within the caller's rents. Fills {name}, {company} (the driver's) and {dueDate}
 * (the earlier of the two documents' expiries).
 */
export function registerDriverRecipients(): void {
  registerRecipientSource({
    key: 'driver',
    title: { 'zh-CN': '司机（按状态、标签或证件到期）', 'en-US': 'Drivers (by state, label or document expiry)' },
    variables: ['name', 'company', 'dueDate'],
    permission: 'rentDriver:view',
    async filters(deps, ctx) {
      const zh = ctx.lang === 'zh-CN';
      const tags = await listLabels(deps, ctx, 'driver');
      return [
        {
          key: 'state',
          title: zh ? '状态' : 'State',
          type: 'multiSelect',
          options: DRIVER_STATES.map((s) => ({ value: s, label: DRIVER_STATE_TITLES[s][ctx.lang] })),
        },
        {
          key: 'labelId',
          title: zh ? '标签' : 'Label',
          type: 'multiSelect',
          options: tags.map((l) => ({ value: String(l.id), label: l.name })),
        },
        {
          key: 'documentDue',
          title: zh ? '驾驶证或驾驶员证' : 'Licence or certificate',
          type: 'multiSelect',
          options: [
            { value: 'expired', label: zh ? '已过期' : 'Expired' },
            { value: 'soon', label: zh ? '即将到期' : 'Expiring soon' },
          ],
        },
      ];
    },
    async resolve(deps, ctx, filter) {
      const states = list(filter.state).filter((s): s is DriverState =>
        (DRIVER_STATES as readonly string[]).includes(s),
      );
      const labelIds = ids(filter.labelId);
      const due = list(filter.documentDue).filter((d): d is (typeof DUE)[number] =>
        (DUE as readonly string[]).includes(d),
      );
      const w = await dueWindow(deps.db, ctx.tenantId, deps.clock.now());
      const within = (col: typeof drivers.licenceExpiry) =>
        or(
          ...due.map((d) =>
            d === 'expired' ? sql`${col} < ${w.today}` : and(gte(col, w.today), lte(col, w.soonUntil))!,
          ),
        )!;
      const rows = await deps.db
        .select({
          phone: drivers.phone,
          name: drivers.name,
          company: rents.shortName,
          licenceExpiry: drivers.licenceExpiry,
          certificateExpiry: drivers.certificateExpiry,
        })
        .from(drivers)
        .leftJoin(rents, and(eq(rents.tenantId, drivers.tenantId), eq(rents.id, drivers.rentId)))
        .where(
          and(
            inScope(ctx),
            isNull(drivers.deletedAt),
            states.length ? inArray(drivers.state, states) : undefined,
            labelIds.length
              ? sql`exists (select 1 from driver_labels dl where dl.tenant_id = ${drivers.tenantId}
                  and dl.driver_id = ${drivers.id} and dl.label_id in ${labelIds})`
              : undefined,
            due.length ? or(within(drivers.licenceExpiry), within(drivers.certificateExpiry)) : undefined,
          ),
        )
        .orderBy(drivers.id)
        .limit(SMS_MAX_RECIPIENTS);
      return rows.map((r) => {
        const dates = [r.licenceExpiry, r.certificateExpiry].filter((d): d is string => !!d).sort();
        return {
          phone: r.phone,
          name: r.name,
          variables: { company: r.company ?? '', ...(dates[0] ? { dueDate: dates[0] } : {}) },
        };
      });
    },
  });
}
