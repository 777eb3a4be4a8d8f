import type { Lang } from '@fleetdesk/contracts/common';
import { formatPlate } from '@fleetdesk/contracts/identifiers';
import { CAR_STATUS_TITLES, DUE_SOON_DAYS, ENERGY_TITLES, type Car } from '@fleetdesk/contracts/vehicles';
import type { XlsxColumn } from '../../core/xlsx.js';
import { CAR_COLUMN_TITLES as T } from './vehicles.columns.js';

/** The tenant's insurer names in the export's language, by code (`compliance/insurers.ts` insurerNames). */
export type InsurerNames = ReadonlyMap<string, string>;
const insurerName = (code: string | null, names: InsurerNames) => (code ? (names.get(code) ?? code) : null);

/** Whole days from `today` to `date` (negative once past), both YYYY-MM-DD. */
export function daysUntil(date: string | null, today: string): number | null {
  if (!date) return null;
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

function dueState(days: number | null, lang: Lang): string {
  const zh = lang === 'zh-CN';
  if (days === null) return zh ? '未登记' : 'Not recorded';
  if (days < 0) return zh ? `已逾期 ${-days} 天` : `${-days} days overdue`;
  if (days <= DUE_SOON_DAYS) return zh ? `${days} 天后到期` : `Due in ${days} days`;
  return zh ? '正常' : 'OK';
}

const col = (key: keyof typeof T, lang: Lang, value: XlsxColumn<Car>['value'], width?: number): XlsxColumn<Car> => ({
  header: T[key][lang],
  value,
  ...(width ? { width } : {}),
});

/**
 * The car export. Its headers are the import's column titles, so that an export can be edited and imported
 * into another rent or tenant.
 */
export function carColumns(lang: Lang, insurers: InsurerNames): XlsxColumn<Car>[] {
  return [
    col('plate', lang, (c) => formatPlate(c.plate), 14),
    col('vin', lang, (c) => c.vin, 22),
    col('engineNo', lang, (c) => c.engineNo, 16),
    col('brand', lang, (c) => c.brandName),
    col('series', lang, (c) => c.seriesName),
    col('model', lang, (c) => c.modelName, 36),
    col('colour', lang, (c) => c.colour, 8),
    col('carType', lang, (c) => c.carTypeName),
    col('energy', lang, (c) => ENERGY_TITLES[c.energy][lang], 10),
    col('batteryKwh', lang, (c) => c.batteryKwh, 10),
    col('rangeKm', lang, (c) => c.rangeKm, 10),
    col('seats', lang, (c) => c.seats, 8),
    col('registrationDate', lang, (c) => c.registrationDate, 12),
    col('mileageKm', lang, (c) => c.mileageKm, 10),
    col('owner', lang, (c) => c.ownerName),
    col('rent', lang, (c) => c.rentName),
    col('status', lang, (c) => CAR_STATUS_TITLES[c.status][lang], 10),
    col('keyCount', lang, (c) => c.keyCount, 8),
    col('keyLocation', lang, (c) => c.keyLocation),
    col('inspectionDue', lang, (c) => c.inspectionDue, 12),
    col('purchasePrice', lang, (c) => c.purchasePrice, 12),
    col('purchaseDate', lang, (c) => c.purchaseDate, 12),
    col('compulsoryCompany', lang, (c) => insurerName(c.compulsoryCompany, insurers)),
    col('compulsoryPolicyNo', lang, (c) => c.compulsoryPolicyNo, 22),
    col('compulsoryExpiry', lang, (c) => c.compulsoryExpiry, 12),
    col('commercialCompany', lang, (c) => insurerName(c.commercialCompany, insurers)),
    col('commercialPolicyNo', lang, (c) => c.commercialPolicyNo, 22),
    col('commercialExpiry', lang, (c) => c.commercialExpiry, 12),
    col('remark', lang, (c) => c.remark, 30),
  ];
}

const zhEn = (lang: Lang, zh: string, en: string) => (lang === 'zh-CN' ? zh : en);

export function inspectionColumns(lang: Lang, today: string): XlsxColumn<Car>[] {
  return [
    col('plate', lang, (c) => formatPlate(c.plate), 14),
    col('vin', lang, (c) => c.vin, 22),
    { header: zhEn(lang, '品牌车系', 'Brand and series'), value: (c) => `${c.brandName} ${c.seriesName}`, width: 20 },
    col('rent', lang, (c) => c.rentName),
    col('status', lang, (c) => CAR_STATUS_TITLES[c.status][lang], 10),
    col('registrationDate', lang, (c) => c.registrationDate, 12),
    col('inspectionDue', lang, (c) => c.inspectionDue, 12),
    {
      header: zhEn(lang, '剩余天数', 'Days left'),
      value: (c) => daysUntil(c.inspectionDue, today),
      width: 10,
    },
    {
      header: zhEn(lang, '年检状态', 'Inspection'),
      value: (c) => dueState(daysUntil(c.inspectionDue, today), lang),
      width: 14,
    },
    col('licenseFileNo', lang, (c) => c.licenseFileNo, 16),
  ];
}

export function insuranceColumns(lang: Lang, today: string, insurers: InsurerNames): XlsxColumn<Car>[] {
  return [
    col('plate', lang, (c) => formatPlate(c.plate), 14),
    col('vin', lang, (c) => c.vin, 22),
    { header: zhEn(lang, '品牌车系', 'Brand and series'), value: (c) => `${c.brandName} ${c.seriesName}`, width: 20 },
    col('rent', lang, (c) => c.rentName),
    col('status', lang, (c) => CAR_STATUS_TITLES[c.status][lang], 10),
    col('owner', lang, (c) => c.ownerName),
    col('compulsoryCompany', lang, (c) => insurerName(c.compulsoryCompany, insurers)),
    col('compulsoryPolicyNo', lang, (c) => c.compulsoryPolicyNo, 22),
    col('compulsoryExpiry', lang, (c) => c.compulsoryExpiry, 12),
    {
      header: zhEn(lang, '交强险状态', 'Compulsory'),
      value: (c) => dueState(daysUntil(c.compulsoryExpiry, today), lang),
      width: 14,
    },
    col('commercialCompany', lang, (c) => insurerName(c.commercialCompany, insurers)),
    col('commercialPolicyNo', lang, (c) => c.commercialPolicyNo, 22),
    col('commercialExpiry', lang, (c) => c.commercialExpiry, 12),
    {
      header: zhEn(lang, '商业险状态', 'Commercial'),
      value: (c) => dueState(daysUntil(c.commercialExpiry, today), lang),
      width: 14,
    },
  ];
}
