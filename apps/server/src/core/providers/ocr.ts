import type { DrivingLicenceFields, IdCardFields, VehicleLicenseFields } from '@fleetdesk/contracts/ocr';

/**
 * OCR provider interface (DESIGN.md section 9): vehicle licence (行驶证) recognition. The sandbox adapter is
 * the default; the Baidu adapter calls Baidu AI Cloud's `vehicle_license` API.
 */
export interface OcrImage {
  bytes: Buffer;
  contentType: string;
  /** The file's original name (the sandbox fails on request when it says so). */
  name: string;
}

export type VehicleLicenseSide = 'front' | 'back';

export type OcrOutcome = { ok: true; fields: VehicleLicenseFields } | { ok: false; error: string };
export type IdCardOutcome = { ok: true; fields: IdCardFields } | { ok: false; error: string };
export type DrivingLicenceOutcome = { ok: true; fields: DrivingLicenceFields } | { ok: false; error: string };

export interface OcrProvider {
  readonly name: string;
  /** True when nothing leaves the machine (the UI shows a "sandbox" badge). */
  readonly sandbox: boolean;
  /** Reads a vehicle licence page. A provider that does not answer in time throws UpstreamTimeoutError. */
  vehicleLicense(image: OcrImage, side: VehicleLicenseSide): Promise<OcrOutcome>;
  /** Reads a resident identity card: front = the portrait side, back = the national emblem side. */
  idCard(image: OcrImage, side: VehicleLicenseSide): Promise<IdCardOutcome>;
  /** Reads a driving licence (main page or its second page). */
  drivingLicence(image: OcrImage, side: VehicleLicenseSide): Promise<DrivingLicenceOutcome>;
}

export function emptyIdCardFields(): IdCardFields {
  return {
    name: null,
    gender: null,
    nation: null,
    birthDate: null,
    address: null,
    idNumber: null,
    issuer: null,
    validFrom: null,
    validTo: null,
  };
}

export function emptyDrivingLicenceFields(): DrivingLicenceFields {
  return {
    name: null,
    gender: null,
    nationality: null,
    address: null,
    birthDate: null,
    licenceNumber: null,
    licenceClass: null,
    firstIssue: null,
    validFrom: null,
    validTo: null,
    fileNo: null,
  };
}

/** Every field absent: what a provider fills in. */
export function emptyLicenseFields(): VehicleLicenseFields {
  return {
    plate: null,
    vehicleType: null,
    owner: null,
    address: null,
    useCharacter: null,
    model: null,
    vin: null,
    engineNo: null,
    registrationDate: null,
    issueDate: null,
    issuer: null,
    fileNo: null,
    seats: null,
    inspectionValidUntil: null,
    energyText: null,
  };
}
