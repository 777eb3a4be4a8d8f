import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  Accident,
  AccidentInput,
  AccidentListQuery,
  AccidentRow,
  AccidentStateInput,
  CompliancePaths as P,
  Insurer,
  InsurerEnableInput,
  InsurerInput,
  Inspection,
  InspectionInput,
  InspectionListQuery,
  License,
  LicenseInput,
  LicenseListQuery,
  LicenseTotal,
  LicenseTotalQuery,
  Policy,
  PolicyInput,
  PolicyListQuery,
} from '@fleetdesk/contracts/compliance';
import { VehiclePaths } from '@fleetdesk/contracts/vehicles';
import { access } from '../../core/access.js';
import { ok, page } from '../../core/envelope.js';
import {
  createAccident,
  createInspection,
  createPolicy,
  deleteAccident,
  deleteInspection,
  deleteLicense,
  deletePolicy,
  getAccident,
  licenseTotal,
  listAccidents,
  listInspections,
  listLicenses,
  listPolicies,
  moveAccident,
  saveLicense,
  updateAccident,
  updatePolicy,
} from './compliance.service.js';
import { createInsurer, listInsurers, setInsurerEnabled, updateInsurer } from './insurers.service.js';
import './reminders.js';

const tags = ['compliance'];
const view = access.permission('rentCar:view');
const add = access.permission('rentCar:add');
const edit = access.permission('rentCar:edit');
const remove = access.permission('rentCar:delete');

/** Licences, insurance policies, annual inspections and accidents of the cars (issue 14, part A). */
export async function complianceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  // ---------------------------------------------------------------- licences
  app.get(P.licenseList, {
    schema: {
      tags,
      summary: "Vehicle licences and transport certificates of the caller's cars, soonest expiry first",
      querystring: LicenseListQuery,
      response: { 200: envelope(paged(License)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listLicenses(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.licenseTotal, {
    schema: {
      tags,
      summary: 'Licences in all, expiring within the lead days of the settings, expired, cars without a certificate',
      querystring: LicenseTotalQuery,
      response: { 200: envelope(LicenseTotal) },
    },
    config: { access: view },
    handler: async (req) => ok(await licenseTotal(deps, req.ctx, req.query.rentId)),
  });

  app.post(P.licenseSave, {
    schema: {
      tags,
      summary: "Record a car's licence of one kind (replaces the previous one of that kind)",
      body: LicenseInput,
      response: { 200: envelope(License) },
    },
    config: { access: edit, audit: { targetType: 'car' } },
    handler: async (req) => ok(await saveLicense(deps, req.ctx, req.body)),
  });

  app.delete(P.licenseDelete, {
    schema: { tags, summary: 'Remove a licence record', params: IdParam, response: { 200: envelope(z.boolean()) } },
    config: { access: edit, audit: { targetType: 'carLicense' } },
    handler: async (req) => {
      await deleteLicense(deps, req.ctx, req.params.id);
      return ok(true);
    },
  });

  // ---------------------------------------------------------------- insurance companies
  app.get(VehiclePaths.insurers, {
    schema: {
      tags,
      summary: "The company's motor insurers (the common ones and its own; pickers offer the enabled ones)",
      response: { 200: envelope(z.array(Insurer)) },
    },
    config: { access: view },
    handler: async (req) => ok(await listInsurers(deps.db, req.ctx.tenantId)),
  });

  app.post(VehiclePaths.insurerCreate, {
    schema: {
      tags,
      summary: 'Add an insurer of the company own (names unique in the company)',
      body: InsurerInput,
      response: { 200: envelope(Insurer) },
    },
    config: { access: edit, audit: { targetType: 'insuranceCompany' } },
    handler: async (req) => ok(await createInsurer(deps, req.ctx, req.body)),
  });

  app.put(VehiclePaths.insurerUpdate, {
    schema: {
      tags,
      summary: 'Rename an insurer (its code, and the records naming it, stay)',
      params: IdParam,
      body: InsurerInput,
      response: { 200: envelope(Insurer) },
    },
    config: { access: edit, audit: { targetType: 'insuranceCompany' } },
    handler: async (req) => ok(await updateInsurer(deps, req.ctx, req.params.id, req.body)),
  });

  app.put(VehiclePaths.insurerEnable, {
    schema: {
      tags,
      summary: 'Enable or disable an insurer (disabled: out of the pickers, kept on the records naming it)',
      params: IdParam,
      body: InsurerEnableInput,
      response: { 200: envelope(Insurer) },
    },
    config: { access: edit, audit: { targetType: 'insuranceCompany' } },
    handler: async (req) => ok(await setInsurerEnabled(deps, req.ctx, req.params.id, req.body.enabled)),
  });

  // ---------------------------------------------------------------- insurance policies
  app.get(P.policyList, {
    schema: {
      tags,
      summary: 'Insurance policies (compulsory and commercial), latest end date first',
      querystring: PolicyListQuery,
      response: { 200: envelope(paged(Policy)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listPolicies(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.post(P.policyCreate, {
    schema: {
      tags,
      summary: "Record a policy; the car's current policy of the kind (the one ending last) is copied onto the car",
      body: PolicyInput,
      response: { 200: envelope(Policy) },
    },
    config: { access: edit, audit: { targetType: 'insurancePolicy' } },
    handler: async (req) => ok(await createPolicy(deps, req.ctx, req.body)),
  });

  app.put(P.policyUpdate, {
    schema: {
      tags,
      summary: 'Change a policy',
      params: IdParam,
      body: PolicyInput,
      response: { 200: envelope(Policy) },
    },
    config: { access: edit, audit: { targetType: 'insurancePolicy' } },
    handler: async (req) => ok(await updatePolicy(deps, req.ctx, req.params.id, req.body)),
  });

  app.delete(P.policyDelete, {
    schema: { tags, summary: 'Delete a policy', params: IdParam, response: { 200: envelope(z.boolean()) } },
    config: { access: remove, audit: { targetType: 'insurancePolicy' } },
    handler: async (req) => {
      await deletePolicy(deps, req.ctx, req.params.id);
      return ok(true);
    },
  });

  // ---------------------------------------------------------------- inspections
  app.get(P.inspectionList, {
    schema: {
      tags,
      summary: 'Annual inspections done, newest first',
      querystring: InspectionListQuery,
      response: { 200: envelope(paged(Inspection)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listInspections(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.post(P.inspectionCreate, {
    schema: {
      tags,
      summary: "Record an annual inspection; a passed one sets the car's next due date",
      body: InspectionInput,
      response: { 200: envelope(Inspection) },
    },
    config: { access: edit, audit: { targetType: 'carInspection' } },
    handler: async (req) => ok(await createInspection(deps, req.ctx, req.body)),
  });

  app.delete(P.inspectionDelete, {
    schema: { tags, summary: 'Delete an inspection record', params: IdParam, response: { 200: envelope(z.boolean()) } },
    config: { access: remove, audit: { targetType: 'carInspection' } },
    handler: async (req) => {
      await deleteInspection(deps, req.ctx, req.params.id);
      return ok(true);
    },
  });

  // ---------------------------------------------------------------- accidents
  app.get(P.accidentList, {
    schema: {
      tags,
      summary: "Accidents of the caller's cars, newest first",
      querystring: AccidentListQuery,
      response: { 200: envelope(paged(AccidentRow)) },
    },
    config: { access: view },
    handler: async (req) => {
      const { rows, total } = await listAccidents(deps, req.ctx, req.query);
      return ok(page(rows, total, req.query));
    },
  });

  app.get(P.accidentDetail, {
    schema: {
      tags,
      summary: 'One accident with its photos and history',
      params: IdParam,
      response: { 200: envelope(Accident) },
    },
    config: { access: view },
    handler: async (req) => ok(await getAccident(deps, req.ctx, req.params.id)),
  });

  app.post(P.accidentCreate, {
    schema: { tags, summary: 'Report an accident', body: AccidentInput, response: { 200: envelope(Accident) } },
    config: { access: add, audit: { targetType: 'accident' } },
    handler: async (req) => ok(await createAccident(deps, req.ctx, req.body)),
  });

  app.put(P.accidentUpdate, {
    schema: {
      tags,
      summary: 'Change an accident (not once closed or cancelled)',
      params: IdParam,
      body: AccidentInput,
      response: { 200: envelope(Accident) },
    },
    config: { access: edit, audit: { targetType: 'accident' } },
    handler: async (req) => ok(await updateAccident(deps, req.ctx, req.params.id, req.body)),
  });

  app.put(P.accidentState, {
    schema: {
      tags,
      summary: 'Move an accident to another state (ACCIDENT_TRANSITIONS; 409 otherwise)',
      params: IdParam,
      body: AccidentStateInput,
      response: { 200: envelope(Accident) },
    },
    config: { access: edit, audit: { targetType: 'accident' } },
    handler: async (req) =>
      ok(await moveAccident(deps, req.ctx, req.params.id, req.body.state, req.body.remark ?? null)),
  });

  app.delete(P.accidentDelete, {
    schema: {
      tags,
      summary: 'Delete an accident (only reported or cancelled ones)',
      params: IdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: remove, audit: { targetType: 'accident' } },
    handler: async (req) => {
      await deleteAccident(deps, req.ctx, req.params.id);
      return ok(true);
    },
  });
}
