import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Language } from './i18n';

/** Times are shown in the tenant's zone (DESIGN.md section 5); every demo tenant is in China. */
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

export function applyDayjsLocale(lang: Language): void {
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
}

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parts(value: string | number | Date): Record<string, string> | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(partsFormat.formatToParts(date).map((p) => [p.type, p.value]));
}

/** `2025-03-01` in the display zone; empty for nothing. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const p = value === null || value === undefined || value === '' ? null : parts(value);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/** `2025-03-01 14:05` (or with seconds) in the display zone. */
export function formatDateTime(value: string | number | Date | null | undefined, seconds = false): string {
  const p = value === null || value === undefined || value === '' ? null : parts(value);
  if (!p) return '';
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}${seconds ? `:${p.second}` : ''}`;
}

/** Money on the wire is yuan: `¥4,800.00`. */
export function formatMoney(yuan: number | null | undefined): string {
  if (yuan === null || yuan === undefined || Number.isNaN(yuan)) return '';
  const sign = yuan < 0 ? '-' : '';
  return `${sign}¥${Math.abs(yuan).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A plate as people write it: province and city letter, a middle dot, the rest (`浙A·D12345`). */
export function formatPlate(plate: string | null | undefined): string {
  const p = (plate ?? '').replace(/[\s·.-]/g, '').toUpperCase();
  return p.length > 2 ? `${p.slice(0, 2)}·${p.slice(2)}` : p;
}

/** The display zone's offset; China keeps one offset all year. */
const DISPLAY_OFFSET = '+08:00';

/** The first instant of a day (YYYY-MM-DD) in the display zone, as the API takes instants. */
export function dayStart(day: string | undefined): string | undefined {
  return day ? `${day}T00:00:00.000${DISPLAY_OFFSET}` : undefined;
}

/** The last instant of a day (YYYY-MM-DD) in the display zone. */
export function dayEnd(day: string | undefined): string | undefined {
  return day ? `${day}T23:59:59.999${DISPLAY_OFFSET}` : undefined;
}
