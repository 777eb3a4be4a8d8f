import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@fleetdesk/contracts/common';
import {
  ExcelImportPaths as P,
  ImportCheckResult,
  ImportExtraParams,
  ImportHeader,
  ImportResult,
  ImportTypeParam,
  IMPORT_SYNC_MAX_ROWS,
} from '@fleetdesk/contracts/excel-import';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { attachment } from '../../core/xlsx.js';
import { checkImport, importHeader, importTemplate, runImport } from './excel-import.service.js';

const tags = ['excel import'];
// Every type names its own permission (cars: rentCar:import); the service checks it for the type asked.
const signedIn = access.signedIn();

export async function excelImportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(P.header, {
    schema: {
      tags,
      summary:
        "The columns of an import type (key, titles, required, example, accepted values), in the caller's language",
      params: ImportTypeParam,
      response: { 200: envelope(ImportHeader) },
    },
    config: { access: signedIn },
    handler: async (req) => ok(await importHeader(deps, req.ctx, req.params.type)),
  });

  app.get(P.template, {
    schema: {
      tags,
      summary: 'The .xlsx template of an import type: header, an example row, and the instructions sheet',
      params: ImportTypeParam,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    config: { access: signedIn },
    handler: async (req, reply) => {
      const { buffer, fileName } = await importTemplate(deps, req.ctx, req.params.type);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachment(fileName))
        .send(buffer);
    },
  });

  app.post(P.check, {
    schema: {
      tags,
      summary:
        'Check a file (multipart field "file", .xlsx or .csv) without storing anything: per-row errors and the good rows',
      consumes: ['multipart/form-data'],
      params: ImportTypeParam,
      response: { 200: envelope(ImportCheckResult) },
    },
    config: { reads: true, access: signedIn, audit: false },
    handler: async (req) => ok(await checkImport(deps, req, req.params.type)),
  });

  app.post(P.checkExtra, {
    schema: {
      tags,
      summary:
        'Check a file for a target the type defines (cars: the rent; platform flows: the platform), storing nothing',
      consumes: ['multipart/form-data'],
      params: ImportExtraParams,
      response: { 200: envelope(ImportCheckResult) },
    },
    config: { reads: true, access: signedIn, audit: false },
    handler: async (req) => ok(await checkImport(deps, req, req.params.type, req.params.extra)),
  });

  app.post(P.import, {
    schema: {
      tags,
      summary: `Import a file: the good rows are written, the others reported. Above ${IMPORT_SYNC_MAX_ROWS} rows it runs as a background task (category 3)`,
      consumes: ['multipart/form-data'],
      params: ImportTypeParam,
      response: { 200: envelope(ImportResult) },
    },
    config: { access: signedIn, audit: { targetType: 'excelImport' } },
    handler: async (req) => {
      const result = await runImport(deps, req, req.params.type, null);
      req.auditNote = { summary: { type: req.params.type, ...countsOf(result) } };
      return ok(result);
    },
  });

  app.post(P.importExtra, {
    schema: {
      tags,
      summary: 'Import a file into a target the type defines (cars: the id of the rent to import into)',
      consumes: ['multipart/form-data'],
      params: ImportExtraParams,
      response: { 200: envelope(ImportResult) },
    },
    config: { access: signedIn, audit: { targetType: 'excelImport' } },
    handler: async (req) => {
      const result = await runImport(deps, req, req.params.type, req.params.extra);
      req.auditNote = { summary: { type: req.params.type, extra: req.params.extra, ...countsOf(result) } };
      return ok(result);
    },
  });
}

function countsOf(r: ImportResult) {
  return r.mode === 'sync'
    ? { mode: r.mode, total: r.total, imported: r.imported, failed: r.failed }
    : { mode: r.mode, total: r.total, taskId: r.taskId };
}
