import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, paged, type Lang } from '@fleetdesk/contracts/common';
import {
  CarServicePosition,
  DueCarParam,
  DueExportQuery,
  DueListQuery,
  DueRow,
  KM_SOURCE_TITLES,
  MaintenancePaths as P,
  SERVICE_STATE_TITLES,
} from '@fleetdesk/contracts/maintenance';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import { localMinute } from '../../core/tenant-time.js';
import { sendXlsx, type XlsxColumn } from '../../core/xlsx.js';
import { carServicePosition, dueForExport, listDue } from './due.service.js';

const tags = ['maintenance'];
const xlsx = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const T = {
  plate: { 'zh-CN': '车牌号', 'en-US': 'Plate' },
  vin: { 'zh-CN': '车架号', 'en-US': 'VIN' },
  rent: { 'zh-CN': '所属公司', 'en-US': 'Company' },
  carType: { 'zh-CN': '车型', 'en-US': 'Car type' },
  plan: { 'zh-CN': '保养计划', 'en-US': 'Plan' },
  lastOn: { 'zh-CN': '上次保养日期', 'en-US': 'Last service' },
  lastKm: { 'zh-CN': '上次保养里程', 'en-US': 'Last service km' },
  currentKm: { 'zh-CN': '当前里程', 'en-US': 'Current km' },
  kmSource: { 'zh-CN': '里程来源', 'en-US': 'Km source' },
  kmReadAt: { 'zh-CN': '里程时间', 'en-US': 'Km read at' },
  nextOn: { 'zh-CN': '下次保养日期', 'en-US': 'Next service date' },
  nextKm: { 'zh-CN': '下次保养里程', 'en-US': 'Next service km' },
  remainingKm: { 'zh-CN': '剩余里程', 'en-US': 'Km left' },
  dueOn: { 'zh-CN': '预计到期', 'en-US': 'Due on' },
  pace: { 'zh-CN': '日均里程', 'en-US': 'Km per day' },
  state: { 'zh-CN': '状态', 'en-US': 'State' },
} as const;

function dueColumns(lang: Lang, timeZone: string): XlsxColumn<DueRow>[] {
  const col = (key: keyof typeof T, value: XlsxColumn<DueRow>['value'], width?: number) => ({
    header: T[key][lang],
    value,
    ...(width ? { width } : {}),
  });
  return [
    col('plate', (r) => r.plate, 12),
    col('vin', (r) => r.vin, 20),
    col('rent', (r) => r.rentName, 14),
    col('carType', (r) => r.carTypeName, 14),
    col('plan', (r) => r.planName, 16),
    col('lastOn', (r) => r.lastServiceOn, 12),
    col('lastKm', (r) => r.lastServiceKm, 10),
    col('currentKm', (r) => r.currentKm, 10),
    col('kmSource', (r) => KM_SOURCE_TITLES[r.kmSource][lang], 12),
    col('kmReadAt', (r) => (r.kmReadAt ? localMinute(timeZone, new Date(r.kmReadAt)) : null), 17),
    col('nextOn', (r) => r.nextDueOn, 12),
    col('nextKm', (r) => r.nextDueKm, 10),
    col('remainingKm', (r) => r.remainingKm, 10),
    col('dueOn', (r) => r.dueOn, 12),
    col('pace', (r) => r.kmPerDay, 10),
    col('state', (r) => SERVICE_STATE_TITLES[r.state][lang], 10),
  ];
}

/** The due list, its export and one car's service position (docs/maintenance.md, "The due list"). */
export async function dueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.dueList, {
    schema: {
      tags,
      summary: "The caller's cars due for service within the lead days, or overdue; soonest first",
      querystring: DueListQuery,
      response: { 200: envelope(paged(DueRow)) },
    },
    config: { access: access.permission('maintenance:view') },
    handler: async (req) => {
      const { rows, total } = await listDue(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.dueExport, {
    schema: { tags, summary: 'The due list as .xlsx (streamed)', querystring: DueExportQuery, produces: xlsx },
    config: { access: access.permission('maintenance:export'), audit: { targetType: 'maintenanceDue' } },
    handler: async (req, reply) => {
      const { today, timeZone, rows } = await dueForExport(deps, req.ctx, req.query);
      const title = req.lang === 'zh-CN' ? '待保养车辆' : 'service-due';
      return sendXlsx(reply, `${title}-${today}.xlsx`, title, dueColumns(req.lang, timeZone), rows);
    },
  });

  app.get(P.dueCar, {
    schema: {
      tags,
      summary: "One car's service position: plan, last service, next date and km, current km and its source",
      params: DueCarParam,
      response: { 200: envelope(CarServicePosition) },
    },
    config: { access: access.permission('maintenance:view') },
    handler: async (req) => ok(await carServicePosition(deps, req.ctx, req.params.carId)),
  });
}
