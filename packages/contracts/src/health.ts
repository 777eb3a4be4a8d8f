import { z } from 'zod';

export const Health = z.object({ status: z.literal('ok') });
export const Ready = z.object({ status: z.enum(['ok', 'unavailable']), database: z.string() });
