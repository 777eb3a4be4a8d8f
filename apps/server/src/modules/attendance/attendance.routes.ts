import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttendancePaths as P,
  ClockInput,
  ClockRecord,
  RecordQuery,
  Sheet,
  SheetQuery,
  Shift,
  ShiftInput,
  Today,
  type SheetRow,
} from '@fleetdesk/contracts/attendance';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { sendXlsx, type XlsxColumn } from '../../core/xlsx.js';
import { clock, deleteShift, listRecords, listShifts, monthlySheet, saveShift, today } from './attendance.service.js';

const tags = ['attendance'];
const audit = { targetType: 'attendance' };

const SHEET_TITLES: Record<string, [string, string]> = {
  name: ['姓名', 'Name'],
  departmentName: ['部门', 'Department'],
  shiftName: ['班次', 'Shift'],
  workdays: ['应出勤（天）', 'Working days'],
  attended: ['出勤（天）', 'Attended'],
  late: ['迟到（次）', 'Late'],
  early: ['早退（次）', 'Left early'],
  missingOut: ['缺下班卡（次）', 'No clock-out'],
  absent: ['缺勤（天）', 'Absent'],
  leave: ['请假（天）', 'Leave'],
  trip: ['出差（天）', 'Trips'],
};

/** Attendance: shifts (考勤设置, `/oa/attendance`), clocking, records and the monthly sheet (`/oaAttendance`). */
export async function attendanceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.shifts, {
    schema: {
      tags,
      summary: 'The shifts: the default one and those of departments',
      response: { 200: envelope(z.array(Shift)) },
    },
    config: { access: access.anyOf(['oaAttendanceRule:view', 'oaAttendance:view']) },
    handler: async (req) => ok(await listShifts(deps.db, req.ctx.tenantId)),
  });

  app.post(P.shiftSave, {
    schema: {
      tags,
      summary: "Set a department's shift, or the default one (departmentId null); saving again replaces it",
      body: ShiftInput,
      response: { 200: envelope(Shift) },
    },
    config: { access: access.permission('oaAttendanceRule:edit'), audit },
    handler: async (req) => {
      const shift = await saveShift(deps, req.ctx, req.body);
      req.auditNote = { targetId: shift.id, summary: req.body };
      return ok(shift);
    },
  });

  app.delete(P.shiftDelete, {
    schema: { tags, summary: 'Remove a shift', params: IdParam, response: { 200: envelope(z.boolean()) } },
    config: { access: access.permission('oaAttendanceRule:edit'), audit },
    handler: async (req) => {
      const shift = await deleteShift(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: shift.id, summary: { name: shift.name, departmentId: shift.departmentId } };
      return ok(true);
    },
  });

  app.get(P.today, {
    schema: { tags, summary: 'My day: shift, records, leave or trip', response: { 200: envelope(Today) } },
    config: { access: access.permission('oaAttendance:view') },
    handler: async (req) => ok(await today(deps, req.ctx)),
  });

  app.post(P.clock, {
    schema: {
      tags,
      summary: 'Clock in or out now, with where (browser location) and from which page',
      body: ClockInput,
      response: { 200: envelope(ClockRecord) },
    },
    config: { access: access.permission('oaAttendance:view'), audit },
    handler: async (req) => {
      const record = await clock(deps, req.ctx, req.body);
      req.auditNote = { targetId: record.id, summary: { kind: record.kind, source: record.source } };
      return ok(record);
    },
  });

  app.get(P.records, {
    schema: {
      tags,
      summary: "Clock records, newest first (everyone's with oaAttendance:edit, else my own)",
      querystring: RecordQuery,
      response: { 200: envelope(paged(ClockRecord)) },
    },
    config: { access: access.permission('oaAttendance:view') },
    handler: async (req) => ok(await listRecords(deps, req.ctx, req.query)),
  });

  app.get(P.sheet, {
    schema: {
      tags,
      summary: 'The monthly sheet per employee and per department (everyone with oaAttendance:edit, else mine)',
      querystring: SheetQuery,
      response: { 200: envelope(Sheet) },
    },
    config: { access: access.permission('oaAttendance:view') },
    handler: async (req) => ok(await monthlySheet(deps, req.ctx, req.query)),
  });

  app.post(P.sheetExport, {
    schema: {
      tags,
      summary: 'The monthly sheet as .xlsx (streamed)',
      body: SheetQuery,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    config: { reads: true, access: access.permission('oaAttendance:export'), audit },
    handler: async (req, reply) => {
      const zh = req.lang === 'zh-CN';
      const sheet = await monthlySheet(deps, req.ctx, req.body);
      const columns: XlsxColumn<SheetRow>[] = Object.entries(SHEET_TITLES).map(([key, [cn, en]]) => ({
        header: zh ? cn : en,
        value: (r) => r[key as keyof SheetRow] as string | number | null,
        width: key === 'name' || key === 'departmentName' ? 14 : 12,
      }));
      async function* rows() {
        yield* sheet.rows;
      }
      const title = zh ? '考勤月报' : 'Attendance';
      return sendXlsx(reply, `${title}-${req.body.month}.xlsx`, title, columns, rows());
    },
  });
}
