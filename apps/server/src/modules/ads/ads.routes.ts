import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Ad, AdQuery, AuthPaths } from '@fleetdesk/contracts/auth';
import { envelope } from '@fleetdesk/contracts/common';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { ads } from '../../db/schema/platform.js';

export async function adsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.get(AuthPaths.ad, {
    schema: {
      tags: ['home'],
      summary: "Fleetdesk's announcements for a platform that are running now",
      querystring: AdQuery,
      response: { 200: envelope(z.array(Ad)) },
    },
    config: { access: access.signedIn({ allowExpired: true }) },
    handler: async (req) => {
      const now = clock.now();
      const rows = await db
        .select()
        .from(ads)
        .where(
          and(
            eq(ads.platform, req.query.platform),
            eq(ads.active, true),
            or(isNull(ads.startsAt), lte(ads.startsAt, now)),
            or(isNull(ads.endsAt), gt(ads.endsAt, now)),
          ),
        )
        .orderBy(asc(ads.sort), asc(ads.id));
      return ok(
        rows.map((a) => ({
          id: a.id,
          platform: a.platform,
          title: req.lang === 'en-US' ? a.titleEn : a.title,
          imageUrl: a.imageUrl,
          linkUrl: a.linkUrl,
        })),
      );
    },
  });
}
