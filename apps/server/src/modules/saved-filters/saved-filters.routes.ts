import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@fleetdesk/contracts/common';
import {
  SavedFilter,
  SavedFilterIdParam,
  RenameFilterInput,
  SavedFilterInput,
  SavedFilterPaths as P,
  ScreenParam,
} from '@fleetdesk/contracts/saved-filters';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { deleteFilter, listFilters, renameFilter, saveFilter } from './saved-filters.service.js';

const tags = ['saved filters'];
// A user's own filters: no permission beyond being signed in (the list calls they feed check theirs), so a
// read-only user keeps filters too. Every call reads and writes only the caller's: another user's filter is
// never listed, and deleting it answers 404 like one that does not exist.
const signedIn = access.signedIn();

export async function savedFiltersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.list, {
    schema: {
      tags,
      summary: "The caller's saved filters of a screen (id = the screen, e.g. rentCar), the default first",
      params: ScreenParam,
      response: { 200: envelope(z.array(SavedFilter)) },
    },
    config: { access: signedIn },
    handler: async (req) => ok(await listFilters(deps, req.ctx, req.params.id)),
  });

  app.post(P.save, {
    schema: {
      tags,
      summary:
        "Save one of the caller's filters of a screen under a name (the caller's filter of the same name is replaced)",
      params: ScreenParam,
      body: SavedFilterInput,
      response: { 200: envelope(SavedFilter) },
    },
    config: { access: signedIn, audit: false },
    handler: async (req) => ok(await saveFilter(deps, req.ctx, req.params.id, req.body)),
  });

  app.delete(P.remove, {
    schema: {
      tags,
      summary: "Delete one of the caller's saved filters (id = the filter id); another user's is 404",
      params: SavedFilterIdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: signedIn, audit: false },
    handler: async (req) => {
      await deleteFilter(deps, req.ctx, req.params.id);
      return ok(true);
    },
  });

  app.put(P.rename, {
    schema: {
      tags,
      summary:
        "Rename one of the caller's saved filters (id = the filter id); a name the caller uses on that screen is 409",
      params: SavedFilterIdParam,
      body: RenameFilterInput,
      response: { 200: envelope(SavedFilter) },
    },
    config: { access: signedIn, audit: false },
    handler: async (req) => ok(await renameFilter(deps, req.ctx, req.params.id, req.body.name)),
  });
}
