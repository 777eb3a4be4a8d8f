import dayjs, { type Dayjs } from 'dayjs';
import type { DriverDetail, DriverInput } from '@fleetdesk/contracts/drivers';

/** The photos a driver keeps, each one address (the stable one is saved, the signed one shown). */
export const PHOTO_FIELDS = [
  'idCardFrontUrl',
  'idCardBackUrl',
  'licenceFrontUrl',
  'licenceBackUrl',
  'certificateUrl',
] as const;
export type PhotoField = (typeof PHOTO_FIELDS)[number];
export interface Photo {
  url: string;
  signedUrl: string | null;
}

const DATE_FIELDS = ['birthDate', 'licenceFirstIssue', 'licenceExpiry', 'certificateExpiry'] as const;
type DateField = (typeof DATE_FIELDS)[number];

/** The form's values: the input's fields, dates as dayjs for the pickers, photos kept apart. */
export type DriverFormValues = Omit<DriverInput, DateField | PhotoField | 'labelIds'> & {
  [K in DateField]?: Dayjs | null;
} & { labelIds?: number[] };

const day = (v: string | null | undefined) => (v ? dayjs(v) : null);

export function valuesOf(d: DriverDetail): DriverFormValues {
  return {
    name: d.name,
    gender: d.gender,
    phone: d.phone,
    idNumber: d.idNumber,
    birthDate: day(d.birthDate),
    address: d.address,
    licenceNumber: d.licenceNumber,
    licenceClass: d.licenceClass,
    licenceFirstIssue: day(d.licenceFirstIssue),
    licenceExpiry: day(d.licenceExpiry),
    certificateNumber: d.certificateNumber,
    certificateExpiry: day(d.certificateExpiry),
    emergencyName: d.emergencyName,
    emergencyPhone: d.emergencyPhone,
    emergencyRelation: d.emergencyRelation,
    bankName: d.bankName,
    bankAccount: d.bankAccount,
    bankAccountName: d.bankAccountName,
    source: d.source,
    labelIds: d.labels.map((l) => l.id),
    rentId: d.rentId,
    remark: d.remark,
  };
}

export function photosOf(d: DriverDetail): Partial<Record<PhotoField, Photo>> {
  const out: Partial<Record<PhotoField, Photo>> = {};
  const pairs: [PhotoField, DriverDetail['idCardFront']][] = [
    ['idCardFrontUrl', d.idCardFront],
    ['idCardBackUrl', d.idCardBack],
    ['licenceFrontUrl', d.licenceFront],
    ['licenceBackUrl', d.licenceBack],
    ['certificateUrl', d.certificate],
  ];
  for (const [k, img] of pairs) if (img) out[k] = img;
  return out;
}

const empty = (v: unknown) => (typeof v === 'string' ? v.trim() || null : (v ?? null));

/** The call's input from the form: dates as YYYY-MM-DD, empty texts as null, the photos' stable addresses. */
export function inputOf(values: DriverFormValues, photos: Partial<Record<PhotoField, Photo>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if ((DATE_FIELDS as readonly string[]).includes(k)) out[k] = v ? (v as Dayjs).format('YYYY-MM-DD') : null;
    else out[k] = empty(v);
  }
  out.labelIds = values.labelIds ?? [];
  for (const k of PHOTO_FIELDS) out[k] = photos[k]?.url ?? null;
  if (!out.rentId) delete out.rentId;
  return out;
}
