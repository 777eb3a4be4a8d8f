import { z } from 'zod';
import { Id, Yuan, type LocalText } from './common.js';
import { Energy } from './vehicles.js';

const base = '/api/ccwadmin/commonCar';

/** The brand / series / model catalogue of the Chinese market, plus the models a tenant adds itself. */
export const CarCataloguePaths = {
  brands: `${base}/brand`,
  series: `${base}/serial/:brandId`,
  models: `${base}/type/:serialId`,
  modelCreate: `${base}/type/create`,
  modelDelete: `${base}/type/delete/:id`,
  /**
   * The car-data tag (`d_qcsj`, 汽车数据) of the spec: written without a leading slash and outside `/api`, so it is
   * served at `/carlife/commonCar/tag/d_qcsj`. The whole catalogue as one tree for the financing form's picker.
   */
  carDataTag: '/carlife/commonCar/tag/d_qcsj',
} as const;

export const SERIES_LEVELS = ['sedan', 'hatchback', 'suv', 'mpv', 'wagon', 'coupe', 'pickup', 'van'] as const;
export const SeriesLevel = z.enum(SERIES_LEVELS);
export type SeriesLevel = z.infer<typeof SeriesLevel>;
export const SERIES_LEVEL_TITLES: Record<SeriesLevel, LocalText> = {
  sedan: { 'zh-CN': '轿车', 'en-US': 'Sedan' },
  hatchback: { 'zh-CN': '两厢车', 'en-US': 'Hatchback' },
  suv: { 'zh-CN': 'SUV', 'en-US': 'SUV' },
  mpv: { 'zh-CN': 'MPV', 'en-US': 'MPV' },
  wagon: { 'zh-CN': '旅行车', 'en-US': 'Wagon' },
  coupe: { 'zh-CN': '跑车', 'en-US': 'Coupe' },
  pickup: { 'zh-CN': '皮卡', 'en-US': 'Pickup' },
  van: { 'zh-CN': '面包车', 'en-US': 'Van' },
};

export const BrandQuery = z.object({
  keyword: z.string().trim().max(30).optional().describe('part of the Chinese or English name'),
});
export const Brand = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  initial: z.string().describe('A-Z, for the alphabetical index'),
  country: z.string().describe('ISO 3166 alpha-2 of the brand home'),
  custom: z.boolean().describe("added by the caller's tenant"),
});
export type Brand = z.infer<typeof Brand>;

export const BrandIdParam = z.object({ brandId: Id });
export const Series = z.object({
  id: z.number().int(),
  brandId: z.number().int(),
  name: z.string(),
  level: SeriesLevel,
  maker: z.string().nullable().describe('the manufacturer (joint venture) that builds it'),
  custom: z.boolean(),
});
export type Series = z.infer<typeof Series>;

export const SerialIdParam = z.object({ serialId: Id });

/** The car-data tag's filter: a part of a brand's, series' or model's name keeps the branches that hold it. */
export const CarDataTagQuery = z.object({
  keyword: z.string().trim().max(30).optional().describe('part of a brand, series or model name'),
});
export type CarDataTagQuery = z.infer<typeof CarDataTagQuery>;
export const CarDataTagModel = z.object({
  id: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  energy: Energy,
  seats: z.number().int(),
  guidePrice: z.number().nullable().describe('manufacturer guide price, yuan'),
});
export const CarDataTagSeries = z.object({
  id: z.number().int(),
  name: z.string(),
  level: SeriesLevel,
  models: z.array(CarDataTagModel),
});
export const CarDataTagBrand = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  initial: z.string(),
  series: z.array(CarDataTagSeries),
});
export const CarDataTag = z.object({
  tag: z.literal('d_qcsj'),
  /** Models in the tree (after the filter). */
  models: z.number().int(),
  brands: z.array(CarDataTagBrand),
});
export type CarDataTag = z.infer<typeof CarDataTag>;
export const CarModel = z.object({
  id: z.number().int(),
  seriesId: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  energy: Energy,
  seats: z.number().int(),
  batteryKwh: z.number().nullable(),
  rangeKm: z.number().int().nullable(),
  guidePrice: z.number().nullable().describe('manufacturer guide price, yuan'),
  custom: z.boolean(),
});
export type CarModel = z.infer<typeof CarModel>;

/**
 * A model the tenant adds. It goes under an existing series (`seriesId`), or under a new series of its own
 * (`seriesName` + `level`) of an existing brand (`brandId`) or of a new brand (`brandName`).
 */
export const CarModelInput = z
  .strictObject({
    brandId: Id.optional(),
    brandName: z.string().trim().min(1).max(30).optional(),
    seriesId: Id.optional(),
    seriesName: z.string().trim().min(1).max(40).optional(),
    level: SeriesLevel.optional(),
    name: z.string().trim().min(1).max(80),
    year: z.number().int().min(1990).max(2100),
    energy: Energy,
    seats: z.number().int().min(1).max(60),
    batteryKwh: z.number().positive().max(300).nullish(),
    rangeKm: z.number().int().positive().max(2000).nullish(),
    guidePrice: Yuan.nullish(),
  })
  .superRefine((m, ctx) => {
    if (!m.seriesId && !m.seriesName) ctx.addIssue({ code: 'custom', path: ['seriesId'], message: 'v.required' });
    if (!m.seriesId && !m.brandId && !m.brandName) {
      ctx.addIssue({ code: 'custom', path: ['brandId'], message: 'v.required' });
    }
  });
export type CarModelInput = z.infer<typeof CarModelInput>;
