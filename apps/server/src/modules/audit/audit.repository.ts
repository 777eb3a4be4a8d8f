import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { LoginRecordQuery, OperationLogQuery } from '@fleetdesk/contracts/auth';
import type { Lang } from '@fleetdesk/contracts/common';
import { actionTitle } from '../../core/audit.js';
import type { DbOrTx } from '../../core/db.js';
import { offsetOf } from '../../core/envelope.js';
import { prefixPattern } from '../../core/like.js';
import { operationLogs } from '../../db/schema/audit.js';
import { loginRecords, users } from '../../db/schema/identity.js';

export async function listOperationLogs(
  db: DbOrTx,
  tenantId: number,
  q: z.infer<typeof OperationLogQuery>,
  lang: Lang,
) {
  const where: SQL[] = [eq(operationLogs.tenantId, tenantId)];
  if (q.userId) where.push(eq(operationLogs.userId, q.userId));
  if (q.action) where.push(ilike(operationLogs.action, prefixPattern(q.action)));
  if (q.target) {
    const [type, id] = q.target.split(':', 2);
    if (type) where.push(eq(operationLogs.targetType, type));
    if (id) where.push(eq(operationLogs.targetId, id));
  }
  if (q.from) where.push(gte(operationLogs.createdAt, new Date(q.from)));
  if (q.to) where.push(lt(operationLogs.createdAt, new Date(q.to)));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(operationLogs)
      .where(cond)
      .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(operationLogs).where(cond),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      username: r.username,
      rentId: r.rentId,
      action: r.action,
      actionTitle: actionTitle(r.action, lang),
      method: r.method,
      path: r.path,
      targetType: r.targetType,
      targetId: r.targetId,
      summary: r.summary,
      ip: r.ip,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

export async function listLoginRecords(db: DbOrTx, tenantId: number, q: z.infer<typeof LoginRecordQuery>) {
  const where: SQL[] = [eq(loginRecords.tenantId, tenantId)];
  if (q.userId) where.push(eq(loginRecords.userId, q.userId));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: loginRecords.id,
        userId: loginRecords.userId,
        username: users.username,
        method: loginRecords.method,
        platform: loginRecords.platform,
        version: loginRecords.version,
        ip: loginRecords.ip,
        userAgent: loginRecords.userAgent,
        createdAt: loginRecords.createdAt,
      })
      .from(loginRecords)
      .innerJoin(users, and(eq(users.tenantId, loginRecords.tenantId), eq(users.id, loginRecords.userId)))
      .where(cond)
      .orderBy(desc(loginRecords.createdAt), desc(loginRecords.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(loginRecords).where(cond),
  ]);
  return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: total?.n ?? 0 };
}
