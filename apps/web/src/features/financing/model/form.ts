import {
  EMPTY_APPLICATION_FORM,
  applyItemsOf,
  type Application,
  type ApplicationFormValues,
  type ApplyItemCode,
  type CreateApplicationInput,
} from '@fleetdesk/contracts/financing';

/** The image fields of the application form (spec section 3), in the order the form shows them. */
export const FORM_IMAGE_FIELDS = [
  'imgId1',
  'imgId2',
  'imgBuyInvoice',
  'imgCompulsory',
  'imgCommercial',
  'imgCompulsoryEndorsementA',
  'imgCompulsoryEndorsementB',
  'imgCompulsoryEndorsementC',
  'imgCommercialEndorsementA',
  'imgCommercialEndorsementB',
  'imgCommercialEndorsementC',
] as const;
export type FormImageField = (typeof FORM_IMAGE_FIELDS)[number];

/** A fresh copy of the form's defaults: no insurance bought, GPS fitted, apply items A3 only, the rest empty. */
export function defaultForm(): ApplicationFormValues {
  return { ...EMPTY_APPLICATION_FORM, applyItems: [...EMPTY_APPLICATION_FORM.applyItems] };
}

/**
 * "Clear": every field back to its default (spec section 4), applyItems A3 only, whatever the server had said. The
 * antd form is reset to these (fields not in the defaults are set to undefined).
 */
export function clearedForm(current: Partial<ApplicationFormValues>): ApplicationFormValues {
  const cleared = defaultForm();
  for (const key of Object.keys(current))
    if (!(key in cleared)) (cleared as unknown as Record<string, unknown>)[key] = undefined;
  return cleared;
}

/**
 * The apply items the form shows (spec section 3): the server's list when it has one, else A3, plus A1 when buying
 * commercial insurance, plus A2 when buying compulsory insurance.
 */
export function shownApplyItems(
  serverItems: readonly ApplyItemCode[] | null | undefined,
  values: Pick<ApplicationFormValues, 'buyCommercial' | 'buyCompulsory'>,
): ApplyItemCode[] {
  return applyItemsOf(serverItems, !!values.buyCommercial, !!values.buyCompulsory);
}

const blank = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

/** The form's values as the create/update body: empty texts as null, apply items left to the server's rule. */
export function toInput(v: ApplicationFormValues): CreateApplicationInput {
  const images = Object.fromEntries(FORM_IMAGE_FIELDS.map((f) => [f, v[f] || null])) as Record<
    FormImageField,
    string | null
  >;
  return {
    productId: v.productId ?? 0,
    carId: v.carId ?? 0,
    vin: v.vin.trim().toUpperCase(),
    engineNo: blank(v.engineNo),
    compulsoryNo: blank(v.compulsoryNo),
    commercialNo: blank(v.commercialNo),
    payProportion: v.payProportion ?? 0,
    carTypeName: v.carTypeName.trim(),
    totalAmount: v.totalAmount ?? 0,
    stagingNumber: v.stagingNumber ?? 0,
    balloon: v.balloon ?? 0,
    installMobile: blank(v.installMobile),
    installAddress: blank(v.installAddress),
    ...images,
    buyCommercial: !!v.buyCommercial,
    buyCompulsory: !!v.buyCompulsory,
    gps: v.gps !== false,
    username: blank(v.username),
    idNo: blank(v.idNo),
    contact: blank(v.contact),
    applyItems: shownApplyItems(null, v),
    commercialAmount: v.buyCommercial ? (v.commercialAmount ?? 0) : 0,
    compulsoryAmount: v.buyCompulsory ? (v.compulsoryAmount ?? 0) : 0,
  };
}

/** An application (a draft, or one returned for supplement) as the form's values. */
export function formOf(a: Application): ApplicationFormValues {
  const images = Object.fromEntries(FORM_IMAGE_FIELDS.map((f) => [f, a[f] ?? null])) as Record<
    FormImageField,
    string | null
  >;
  return {
    productId: a.productId,
    carId: a.carId,
    vin: a.vin,
    engineNo: a.engineNo ?? '',
    compulsoryNo: a.compulsoryNo ?? '',
    commercialNo: a.commercialNo ?? '',
    payProportion: a.payProportion,
    carTypeName: a.carTypeName,
    totalAmount: a.totalAmount,
    stagingNumber: a.stagingNumber,
    balloon: a.balloon || null,
    installMobile: a.installMobile ?? '',
    installAddress: a.installAddress ?? '',
    ...images,
    buyCommercial: a.buyCommercial,
    buyCompulsory: a.buyCompulsory,
    gps: a.gps,
    username: a.username ?? '',
    idNo: a.idNo ?? '',
    contact: a.contact ?? '',
    applyItems: shownApplyItems(a.applyItems, a),
    commercialAmount: a.commercialAmount || null,
    compulsoryAmount: a.compulsoryAmount || null,
  };
}

/** A rate or ratio as a percentage for the screen: 0.068 -> "6.80%". */
export function percent(fraction: number | null | undefined, digits = 2): string {
  if (fraction == null || !Number.isFinite(fraction)) return '-';
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** Amounts in yuan added in fen (no float drift over 36 rows). */
export function sumYuan(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
}
