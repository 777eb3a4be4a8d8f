import { z } from 'zod';
import { Id } from './common.js';

export const OcrPaths = {
  recognition: '/api/ccwadmin/ocr/recognition',
} as const;

/** What can be recognised; each type needs the permission of the form that uses it. */
export const OCR_TYPES = ['vehicleLicense', 'idCard', 'drivingLicence'] as const;
export const OcrType = z.enum(OCR_TYPES);

export const OcrRequest = z.strictObject({
  type: OcrType,
  side: z.enum(['front', 'back']).default('front').describe('front: 主页; back: 副页'),
  url: z.string().min(1).max(1024).describe('address of an image uploaded with POST /api/tool/oss/upload/license'),
});
/** The side of a card: an ID card's front is the portrait side, its back the national emblem side. */
export type OcrSide = 'front' | 'back';
export type OcrRequest = z.infer<typeof OcrRequest>;

/** The fields of a vehicle licence (行驶证), as printed; dates as YYYY-MM-DD. Absent fields are null. */
export const VehicleLicenseFields = z.object({
  plate: z.string().nullable().describe('号牌号码, normalised'),
  vehicleType: z.string().nullable().describe('车辆类型, e.g. 小型轿车'),
  owner: z.string().nullable().describe('所有人'),
  address: z.string().nullable().describe('住址'),
  useCharacter: z.string().nullable().describe('使用性质'),
  model: z.string().nullable().describe('品牌型号, e.g. 比亚迪牌BYD7152WT6HEVC2'),
  vin: z.string().nullable().describe('车辆识别代号'),
  engineNo: z.string().nullable().describe('发动机号码'),
  registrationDate: z.string().nullable().describe('注册日期'),
  issueDate: z.string().nullable().describe('发证日期'),
  issuer: z.string().nullable().describe('发证机关'),
  fileNo: z.string().nullable().describe('档案编号 (second page)'),
  seats: z.number().int().nullable().describe('核定载人数 (second page)'),
  inspectionValidUntil: z.string().nullable().describe('检验有效期至, YYYY-MM (second page)'),
  energyText: z.string().nullable().describe('燃料种类 where printed'),
});
export type VehicleLicenseFields = z.infer<typeof VehicleLicenseFields>;

/** The fields of a resident identity card (居民身份证); dates as YYYY-MM-DD, absent fields null. */
export const IdCardFields = z.object({
  name: z.string().nullable().describe('姓名'),
  gender: z.enum(['male', 'female']).nullable().describe('性别'),
  nation: z.string().nullable().describe('民族'),
  birthDate: z.string().nullable().describe('出生'),
  address: z.string().nullable().describe('住址'),
  idNumber: z.string().nullable().describe('公民身份号码'),
  issuer: z.string().nullable().describe('签发机关 (back)'),
  validFrom: z.string().nullable().describe('签发日期 (back)'),
  validTo: z.string().nullable().describe('失效日期 (back); null also for 长期'),
});
export type IdCardFields = z.infer<typeof IdCardFields>;

/** The fields of a driving licence (机动车驾驶证); dates as YYYY-MM-DD, absent fields null. */
export const DrivingLicenceFields = z.object({
  name: z.string().nullable().describe('姓名'),
  gender: z.enum(['male', 'female']).nullable().describe('性别'),
  nationality: z.string().nullable().describe('国籍'),
  address: z.string().nullable().describe('住址'),
  birthDate: z.string().nullable().describe('出生日期'),
  licenceNumber: z.string().nullable().describe('证号'),
  licenceClass: z.string().nullable().describe('准驾车型, e.g. C1'),
  firstIssue: z.string().nullable().describe('初次领证日期'),
  validFrom: z.string().nullable().describe('有效起始日期'),
  validTo: z.string().nullable().describe('有效期限至'),
  fileNo: z.string().nullable().describe('档案编号 (back)'),
});
export type DrivingLicenceFields = z.infer<typeof DrivingLicenceFields>;

export const OcrResult = z.object({
  type: OcrType,
  side: z.enum(['front', 'back']),
  provider: z.string(),
  sandbox: z.boolean().describe('true when the sandbox adapter answered (the UI shows a badge)'),
  fields: VehicleLicenseFields.describe('a vehicle licence (all null for the other types)'),
  idCard: IdCardFields.nullable().describe('an ID card (type idCard)'),
  drivingLicence: DrivingLicenceFields.nullable().describe('a driving licence (type drivingLicence)'),
  /** For an ID card or a driving licence: whether the number read is a valid ID number. */
  idNumberValid: z.boolean().nullable(),
  /** Checks of what was read, so that the form can flag it. */
  plateValid: z.boolean().nullable(),
  vinValid: z.boolean().nullable(),
  /** The catalogue brand the model text names, when one matches. */
  brandId: Id.nullable(),
  brandName: z.string().nullable(),
});
export type OcrResult = z.infer<typeof OcrResult>;
