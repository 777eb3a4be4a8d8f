import dayjs, { type Dayjs } from 'dayjs';
import type { CarDetail, CarImageKind, CarStatus, Energy } from '@fleetdesk/contracts/vehicles';

/** One image on the form: `id` when the car already has it. */
export interface FormImage {
  key: string;
  id?: number;
  kind: CarImageKind;
  url: string;
  signedUrl: string | null;
}

/** What the antd form holds (dates as dayjs, blanks as undefined). */
export interface CarFormValues {
  plate?: string;
  vin?: string;
  engineNo?: string;
  brandId?: number;
  seriesId?: number;
  modelId?: number;
  colour?: string;
  carTypeId?: number;
  energy: Energy;
  batteryKwh?: number;
  rangeKm?: number;
  seats?: number;
  registrationDate?: Dayjs;
  mileageKm?: number;
  ownerId?: number;
  status?: CarStatus;
  keyCount?: number;
  keyLocation?: string;
  keyRemark?: string;
  inspectionDue?: Dayjs;
  purchasePrice?: number;
  purchaseDate?: Dayjs;
  compulsoryCompany?: string;
  compulsoryPolicyNo?: string;
  compulsoryExpiry?: Dayjs;
  commercialCompany?: string;
  commercialPolicyNo?: string;
  commercialExpiry?: Dayjs;
  remark?: string;
}

export const DATE_FIELDS = [
  'registrationDate',
  'inspectionDue',
  'purchaseDate',
  'compulsoryExpiry',
  'commercialExpiry',
] as const;

/** The fields of the car schemas (what the server may name in a field error). */
export const CAR_FIELDS = [
  'plate',
  'vin',
  'engineNo',
  'brandId',
  'seriesId',
  'modelId',
  'colour',
  'carTypeId',
  'energy',
  'batteryKwh',
  'rangeKm',
  'seats',
  'registrationDate',
  'mileageKm',
  'ownerId',
  'status',
  'keyCount',
  'keyLocation',
  'inspectionDue',
  'purchasePrice',
  'purchaseDate',
  'compulsoryCompany',
  'compulsoryPolicyNo',
  'compulsoryExpiry',
  'commercialCompany',
  'commercialPolicyNo',
  'commercialExpiry',
  'remark',
] as const;

export const NEW_CAR: CarFormValues = { energy: 'petrol', status: 'idle', mileageKm: 0, keyCount: 2 };

const day = (v: string | null) => (v ? dayjs(v) : undefined);
const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

export function valuesOf(car: CarDetail): CarFormValues {
  return {
    plate: car.plate,
    vin: car.vin,
    engineNo: opt(car.engineNo),
    brandId: car.brandId,
    seriesId: car.seriesId,
    modelId: opt(car.modelId),
    colour: opt(car.colour),
    carTypeId: opt(car.carTypeId),
    energy: car.energy,
    batteryKwh: opt(car.batteryKwh),
    rangeKm: opt(car.rangeKm),
    seats: opt(car.seats),
    registrationDate: day(car.registrationDate),
    mileageKm: car.mileageKm,
    ownerId: opt(car.ownerId),
    keyCount: car.keyCount,
    keyLocation: opt(car.keyLocation),
    keyRemark: opt(car.keyRemark),
    inspectionDue: day(car.inspectionDue),
    purchasePrice: opt(car.purchasePrice),
    purchaseDate: day(car.purchaseDate),
    compulsoryCompany: opt(car.compulsoryCompany),
    compulsoryPolicyNo: opt(car.compulsoryPolicyNo),
    compulsoryExpiry: day(car.compulsoryExpiry),
    commercialCompany: opt(car.commercialCompany),
    commercialPolicyNo: opt(car.commercialPolicyNo),
    commercialExpiry: day(car.commercialExpiry),
    remark: opt(car.remark),
  };
}

export function imagesOf(car: CarDetail): FormImage[] {
  return [...car.images]
    .sort((a, b) => a.sort - b.sort)
    .map((i) => ({ key: `i${i.id}`, id: i.id, kind: i.kind, url: i.url, signedUrl: i.signedUrl }));
}

/** The form's values as the car schemas take them: blanks are null, dates `YYYY-MM-DD`. */
export function inputOf(values: CarFormValues, create: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of CAR_FIELDS) {
    if (field === 'status' && !create) continue;
    const v = (values as unknown as Record<string, unknown>)[field];
    if ((DATE_FIELDS as readonly string[]).includes(field)) out[field] = v ? (v as Dayjs).format('YYYY-MM-DD') : null;
    else if (typeof v === 'string') out[field] = v.trim() === '' ? null : v.trim();
    else out[field] = v ?? null;
  }
  // Defaults of the schema rather than nulls.
  if (out.mileageKm === null) delete out.mileageKm;
  if (out.keyCount === null) delete out.keyCount;
  if (out.plate === null) out.plate = '';
  if (out.vin === null) out.vin = '';
  return out;
}

/** `YYYY-MM` (a licence's inspection month) -> the last day of that month. */
export function endOfMonth(month: string): Dayjs | undefined {
  const d = dayjs(`${month}-01`);
  return d.isValid() ? d.endOf('month').startOf('day') : undefined;
}

/** The energy a licence's fuel text names. */
export function energyOfText(text: string | null): Energy | undefined {
  if (!text) return undefined;
  if (/混合|插电|hybrid/i.test(text)) return 'hybrid';
  if (/电|electric/i.test(text)) return 'electric';
  if (/柴油|diesel/i.test(text)) return 'diesel';
  if (/汽油|petrol|gasoline/i.test(text)) return 'petrol';
  return undefined;
}
