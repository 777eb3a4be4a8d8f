import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang, LocalText } from '@fleetdesk/contracts/common';
import { ACTION_TITLES, findMenu, menuOfElement } from '@fleetdesk/contracts/permissions';
import { operationLogs } from '../db/schema/audit.js';
import type { Access } from './access.js';
import type { Db } from './db.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Names of fields and query parameters whose values are secrets: masked in the log and the operation log. */
export const SECRET_KEY = /pass(word)?|verify|token|secret|^code$|^sig$|authorization/i;
const MAX_SUMMARY_CHARS = 4000;

/** The body with secrets masked and its size bounded, as the operation log keeps it. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '***' : redact(v, depth + 1);
  return out;
}

/**
 * A request URL as it may be logged: the values of secret query parameters (`access_token`, `refresh_token`,
 * `password`, `verify`, `code`, the signature of a file address...) replaced by `***`.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        return `${pair.slice(0, eq)}=***`;
      }
      return SECRET_KEY.test(name) ? `${pair.slice(0, eq)}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * What an update changed, as the operation log keeps it: `{before, after}` holding only the fields whose values
 * differ (compared as JSON, so that lists of ids compare by content; a missing field counts as null).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return { before: b, after: a };
}

function bounded(value: unknown): unknown {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text.length <= MAX_SUMMARY_CHARS ? value : { truncated: text.slice(0, MAX_SUMMARY_CHARS) };
}

/** `/api/ccwadmin/rentCar/update/:id` -> `rentCar.update`; a DELETE without a verb gets `.delete`. */
export function actionOf(method: string, routeUrl: string, params: Record<string, unknown>): string {
  const parts = routeUrl.split('/').filter(Boolean);
  const rest = parts[0] === 'api' ? parts.slice(2) : parts;
  const words = rest.map((p) => (p.startsWith(':') ? (p === ':action' ? String(params.action ?? '') : '') : p));
  const action = words.filter(Boolean).join('.');
  return method === 'DELETE' && !/delete|remove|revoke/i.test(action) ? `${action}.delete` : action;
}

/** The permission each audited action's route requires (`rentContract.collect` -> `rentContract:collect`). */
const actionPermissions = new Map<string, string>();

/** Notes the permission of a write route as it is registered (core/routes.ts), for naming its log entries. */
export function noteActionPermission(
  method: string,
  url: string,
  access: Access | undefined,
  audit: { action?: string } | false | undefined,
): void {
  if (!WRITE_METHODS.has(method) || audit === false || access?.kind !== 'user' || url.includes(':action')) return;
  const code = access.permission ?? access.anyOf?.[0];
  if (!code) return;
  const action = audit?.action ?? actionOf(method, url, {});
  if (!actionPermissions.has(action)) actionPermissions.set(action, code);
}

/** Titles of actions a module writes itself (a job, an import, a device's answer), not through a route. */
const ownTitles = new Map<string, LocalText>();

/** Names the actions a module writes into the operation log itself (not through the audit hook). */
export function defineActionTitles(titles: Readonly<Record<string, LocalText>>): void {
  for (const [action, title] of Object.entries(titles)) ownTitles.set(action, title);
}

/** Words of stored actions that are not permission actions, as a clerk would name them. */
const VERB_ALIASES: Record<string, string> = {
  create: 'add',
  save: 'edit',
  update: 'edit',
  remove: 'delete',
  upload: 'add',
};

/**
 * What a clerk reads for a logged action: the module and the operation from the permission catalogue
 * (`rentContract.collect` -> 合同管理 · 收款), never the API path; null when the action names neither (the screen
 * then shows its own name for it).
 */
export function actionTitle(action: string, lang: Lang): string | null {
  const own = ownTitles.get(action);
  if (own) return own[lang];
  const code = actionPermissions.get(action);
  const words = action.split('.');
  const menu = findMenu(code ? menuOfElement(code) : words[0]!);
  if (!menu) return null;
  const element = code?.includes(':') ? menu.elements.find((e) => e.code === code) : undefined;
  const word = words.at(-1)!;
  const verb = element?.title ?? ACTION_TITLES[word] ?? ACTION_TITLES[VERB_ALIASES[word] ?? ''];
  return verb ? `${menu.title[lang]} · ${verb[lang]}` : menu.title[lang];
}

/**
 * Records every successful write of a signed-in user in the operation log: who, tenant, rent, action,
 * target, a summary (the handler's note, else the redacted body), IP and time. Routes opt out with
 * `config.audit = false`.
 */
export function registerAuditHook(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (req: FastifyRequest, reply, payload) => {
    if (!WRITE_METHODS.has(req.method) || reply.statusCode !== 200) return payload;
    const config = req.routeOptions.config;
    if (config.audit === false) return payload;
    const byDriver = config.access?.kind === 'driver' && req.driver;
    if (!byDriver && (config.access?.kind !== 'user' || !req.ctx)) return payload;
    const params = (req.params ?? {}) as Record<string, unknown>;
    const routeUrl = req.routeOptions.url ?? req.url;
    const note = req.auditNote;
    const action = config.audit?.action ?? actionOf(req.method, routeUrl, params);
    const targetId = note?.targetId ?? params.id;
    try {
      await db.insert(operationLogs).values({
        // A driver's write through the driver portal is logged as the driver (no user).
        ...(byDriver
          ? {
              tenantId: req.driver.tenantId,
              rentId: req.driver.rentId,
              userId: null,
              driverId: req.driver.driverId,
              username: req.driver.name,
            }
          : {
              tenantId: req.ctx.tenantId,
              rentId: req.ctx.rentId,
              userId: req.ctx.userId,
              username: req.ctx.username,
            }),
        action,
        method: req.method,
        path: req.url.split('?')[0] ?? req.url,
        targetType: note?.targetType ?? config.audit?.targetType ?? action.split('.')[0] ?? null,
        targetId: targetId === undefined || targetId === null ? null : String(targetId),
        summary: bounded(note?.summary !== undefined ? redact(note.summary) : redact(req.body)),
        ip: req.ip,
      });
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
    return payload;
  });
}
