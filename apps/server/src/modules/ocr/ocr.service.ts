import { and, eq } from 'drizzle-orm';
import {
  isChinesePlate,
  isValidIdCard,
  isValidVin,
  normalizePlate,
  normalizeVin,
} from '@fleetdesk/contracts/identifiers';
import type { OcrRequest, OcrResult } from '@fleetdesk/contracts/ocr';
import { hasPermission, type RequestContext } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { ConflictError, ForbiddenError, invalidField } from '../../core/errors.js';
import { tenantOfKey } from '../../core/file-urls.js';
import type { OcrProvider } from '../../core/providers/ocr.js';
import { emptyLicenseFields } from '../../core/providers/ocr.js';
import { files } from '../../db/schema/files.js';
import { brandOfLicenseModel } from '../vehicles/catalogue/catalogue.service.js';
import './ocr.messages.js';

/** Who may recognise what: the forms that use a type (a licence fills the car form). */
const PERMISSIONS: Record<OcrRequest['type'], string[]> = {
  vehicleLicense: ['rentCar:add', 'rentCar:edit'],
  idCard: ['rentDriver:add', 'rentDriver:edit'],
  drivingLicence: ['rentDriver:add', 'rentDriver:edit'],
};
const FAILED: Record<OcrRequest['type'], string> = {
  vehicleLicense: 'ocr.failed',
  idCard: 'ocr.failedIdCard',
  drivingLicence: 'ocr.failedDrivingLicence',
};
const MAX_BYTES = 10 * 1024 * 1024;

/** Reads an uploaded image of the caller's tenant through the OCR provider and checks what it read. */
export async function recognise(
  deps: AppDeps,
  provider: OcrProvider,
  ctx: RequestContext,
  input: OcrRequest,
): Promise<OcrResult> {
  if (!PERMISSIONS[input.type].some((p) => hasPermission(ctx.permissions, p))) throw new ForbiddenError();
  const key = deps.fileUrls.keyOf(input.url);
  if (!key || tenantOfKey(key) !== ctx.tenantId) throw invalidField('url', 'ocr.fileNotFound');
  const [file] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.tenantId, ctx.tenantId), eq(files.key, key)));
  if (!file) throw invalidField('url', 'ocr.fileNotFound');
  if (!file.contentType.startsWith('image/')) throw invalidField('url', 'ocr.notImage');
  const stored = await deps.storage.get(key);
  if (!stored) throw invalidField('url', 'ocr.fileNotFound');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stored.stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) {
      stored.stream.destroy();
      throw invalidField('url', 'ocr.notImage');
    }
    chunks.push(chunk as Buffer);
  }
  const image = { bytes: Buffer.concat(chunks), contentType: file.contentType, name: file.originalName };
  const base = {
    type: input.type,
    side: input.side,
    provider: provider.name,
    sandbox: provider.sandbox,
    fields: emptyLicenseFields(),
    idCard: null,
    drivingLicence: null,
    idNumberValid: null,
    plateValid: null,
    vinValid: null,
    brandId: null,
    brandName: null,
  };
  const failed = (error: string): never => {
    deps.log.warn({ provider: provider.name, error, tenantId: ctx.tenantId, type: input.type }, 'OCR failed');
    throw new ConflictError(FAILED[input.type]);
  };
  const idValid = (v: string | null) => (v ? isValidIdCard(v) : null);
  if (input.type === 'idCard') {
    const outcome = await provider.idCard(image, input.side);
    if (!outcome.ok) return failed(outcome.error);
    return { ...base, idCard: outcome.fields, idNumberValid: idValid(outcome.fields.idNumber) };
  }
  if (input.type === 'drivingLicence') {
    const outcome = await provider.drivingLicence(image, input.side);
    if (!outcome.ok) return failed(outcome.error);
    return { ...base, drivingLicence: outcome.fields, idNumberValid: idValid(outcome.fields.licenceNumber) };
  }
  const outcome = await provider.vehicleLicense(image, input.side);
  if (!outcome.ok) return failed(outcome.error);
  const fields = { ...outcome.fields };
  if (fields.plate) fields.plate = normalizePlate(fields.plate);
  if (fields.vin) fields.vin = normalizeVin(fields.vin);
  const brand = await brandOfLicenseModel(deps, ctx.tenantId, fields.model);
  return {
    ...base,
    fields,
    plateValid: fields.plate ? isChinesePlate(fields.plate) : null,
    vinValid: fields.vin ? isValidVin(fields.vin) : null,
    brandId: brand?.id ?? null,
    brandName: brand?.name ?? null,
  };
}
