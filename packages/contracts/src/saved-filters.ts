import { z } from 'zod';
import { Id, Instant } from './common.js';
import { addValidationMessages } from './validation-registry.js';

const base = '/api/ccwadmin/filter';

/** A user's saved list filters, per screen (`rentCar`, `rentDriver`...). */
export const SavedFilterPaths = {
  list: `${base}/list/:id`,
  save: `${base}/save/:id`,
  remove: `${base}/delete/:id`,
  rename: `${base}/rename/:id`,
} as const;

export const SAVED_FILTERS_MAX = 20;

addValidationMessages({
  'v.filterTooLarge': { 'zh-CN': '筛选条件过多', 'en-US': 'The filter is too large' },
});

export const ScreenParam = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z][\w.-]{0,39}$/)
    .describe('the screen whose filters these are, e.g. rentCar'),
});
export const SavedFilterInput = z.strictObject({
  name: z.string().trim().min(1).max(30),
  filter: z
    .record(z.string().max(40), z.unknown())
    .refine((f) => JSON.stringify(f).length <= 4000, { message: 'v.filterTooLarge' })
    .describe("the screen's filter values, as the screen sends them to its list call"),
  isDefault: z.boolean().default(false).describe('applied when the screen opens'),
});
export type SavedFilterInput = z.infer<typeof SavedFilterInput>;
export const SavedFilter = z.object({
  id: z.number().int(),
  screen: z.string(),
  name: z.string(),
  filter: z.record(z.string(), z.unknown()),
  isDefault: z.boolean(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type SavedFilter = z.infer<typeof SavedFilter>;
export const SavedFilterIdParam = z.object({ id: Id });
export const RenameFilterInput = z.strictObject({ name: SavedFilterInput.shape.name });
export type RenameFilterInput = z.infer<typeof RenameFilterInput>;
