import { z } from 'zod';
import { Id, Instant, LocalDate, PageQuery, Yuan, type LocalText } from './common.js';
import {
  isChinesePlate,
  isNewEnergyPlate,
  isValidIdCard,
  isValidUscc,
  isValidVin,
  isVinFormat,
  normalizePlate,
  normalizeVin,
} from './identifiers.js';
import { SpeedLimit } from './gps-rules.js';
import { addValidationMessages } from './validation-registry.js';

const base = '/api/ccwadmin';

/** Every call of the vehicle area (spec section 7 "Fleet"), Fastify-style (`:id`). */
export const VehiclePaths = {
  list: `${base}/rentCar/list`,
  get: `${base}/rentCar/:id`,
  add: `${base}/rentCar/add`,
  update: `${base}/rentCar/update/:id`,
  remove: `${base}/rentCar/delete/:id`,
  restore: `${base}/rentCar/restore/:id`,
  action: `${base}/rentCar/:action/:id`,
  batchAction: `${base}/rentCar/batch/:action`,
  transfer: `${base}/rentCar/transfer/:id`,
  operations: `${base}/rentCar/operations`,
  summary: `${base}/rentCar/getCarsinfo`,
  images: `${base}/rentCar/get/img/:id`,
  editImages: `${base}/rentCar/edit/img`,
  deleteImages: `${base}/rentCar/delete/img`,
  bindLicense: `${base}/rentCar/bind/license`,
  keyInfo: `${base}/rentCar/update/car/key/info`,
  infoErrors: `${base}/rentCar/car/info/error`,
  /** Whether cars can be rented now, with every reason why not (the rule the contract signing applies). */
  rentability: `${base}/rentCar/rentability`,
  exportCars: `${base}/rentCar/exportCar`,
  exportInspection: `${base}/rentCar/exportCarInspection`,
  exportInsurance: `${base}/rentCar/exportInsurance`,
  report: `${base}/rentCar/report`,
  operationReport: `${base}/rentCar/online/operation/report`,
  powerReport: `${base}/rentCar/power/report`,
  ownerReport: `${base}/rentCar/owner/report`,
  insurers: `${base}/rentCar/insurance/company`,
  insurerCreate: `${base}/rentCar/insurance/company/create`,
  insurerUpdate: `${base}/rentCar/insurance/company/update/:id`,
  insurerEnable: `${base}/rentCar/insurance/company/enable/:id`,
  owners: `${base}/rentCar/owner`,
  ownerCreate: `${base}/rentCar/owner/create`,
  ownerUpdate: `${base}/rentCar/owner/update/:id`,
  ownerDelete: `${base}/rentCar/owner/delete/:id`,
  typeCreate: `${base}/rentCarType/create`,
  typeUpdate: `${base}/rentCarType/update/:id`,
  types: `${base}/rentCarType/list`,
  typeDelete: `${base}/rentCarType/delete/:id`,
  typeReport: `${base}/rentCarType/report`,
} as const;

/** The `v.*` messages of this area's schemas (registered with the shared ones below). */
export const VEHICLE_VALIDATION_MESSAGES = {
  'v.plate': {
    'zh-CN': '请输入正确的车牌号，如 浙A·12345 或 浙A·D12345',
    'en-US': 'Enter a valid Chinese plate, e.g. 浙A·12345 or 浙A·D12345',
  },
  'v.vinFormat': {
    'zh-CN': '车架号为 17 位字母或数字，不含 I、O、Q',
    'en-US': 'A VIN has 17 letters or digits, without I, O or Q',
  },
  'v.vinCheckDigit': {
    'zh-CN': '车架号校验位（第 9 位）不正确，请核对',
    'en-US': 'The VIN check digit (9th character) is wrong; check the VIN',
  },
  'v.engineNo': { 'zh-CN': '发动机号只能包含字母、数字和短横线', 'en-US': 'Letters, digits and hyphens only' },
  'v.energyOnlyNew': {
    'zh-CN': '电池容量与续航只适用于纯电动或混合动力车辆',
    'en-US': 'Battery and range apply to electric and hybrid cars only',
  },
  'v.plateEnergy': {
    'zh-CN': '新能源号牌只发给纯电动或混合动力车辆',
    'en-US': 'A new-energy (green) plate is only issued to electric and hybrid cars',
  },
  'v.insuranceExpiry': {
    'zh-CN': '填写了保险公司或保单号时，请填写到期日',
    'en-US': 'Give the expiry date with the insurer or the policy number',
  },
  'v.idCard': { 'zh-CN': '请输入正确的 18 位身份证号', 'en-US': 'Enter a valid 18-character ID card number' },
  'v.uscc': {
    'zh-CN': '请输入正确的 18 位统一社会信用代码',
    'en-US': 'Enter a valid 18-character unified social credit code',
  },
  'v.dateRange': { 'zh-CN': '结束日期不能早于开始日期', 'en-US': 'The end date is before the start date' },
  'v.insurerCode': {
    'zh-CN': '保险公司编码只能包含小写字母、数字和短横线',
    'en-US': 'An insurer code has lower-case letters, digits and hyphens only',
  },
} satisfies Record<string, LocalText>;
addValidationMessages(VEHICLE_VALIDATION_MESSAGES);

/** A calendar date, `YYYY-MM-DD` (registration, inspection and insurance dates): the shared, bounded one. */
export { LocalDate };

export const PlateNumber = z
  .string()
  .max(20)
  .overwrite(normalizePlate)
  .refine(isChinesePlate, { message: 'v.plate' })
  .describe('Chinese plate; spaces and the middle dot are removed (浙A·D12345 -> 浙AD12345)');

/** A VIN of the right format; `Vin` also requires the check digit. */
export const VinFormat = z
  .string()
  .max(30)
  .overwrite(normalizeVin)
  .refine(isVinFormat, { message: 'v.vinFormat' })
  .describe('17 characters, no I/O/Q');
export const Vin = VinFormat.refine(isValidVin, { message: 'v.vinCheckDigit' }).describe(
  '17 characters, no I/O/Q, with a valid ISO 3779 check digit at position 9',
);

/**
 * A returned car waits in `preparing` (待整备: cleaning, checks, refuelling) until it is declared ready, then it is
 * idle and may be rented out again.
 */
export const CAR_STATUSES = [
  'idle',
  'rented',
  'preparing',
  'maintenance',
  'reserved',
  'off_fleet',
  'sold',
  'scrapped',
] as const;
export const CarStatus = z.enum(CAR_STATUSES);
export type CarStatus = z.infer<typeof CarStatus>;
/** Statuses a car never leaves. */
export const FINAL_CAR_STATUSES: readonly CarStatus[] = ['sold', 'scrapped'];
export const CAR_STATUS_TITLES: Record<CarStatus, LocalText> = {
  idle: { 'zh-CN': '空闲', 'en-US': 'Idle' },
  rented: { 'zh-CN': '已出租', 'en-US': 'Rented' },
  preparing: { 'zh-CN': '待整备', 'en-US': 'Pending preparation' },
  maintenance: { 'zh-CN': '维修中', 'en-US': 'In maintenance' },
  reserved: { 'zh-CN': '已预订', 'en-US': 'Reserved' },
  off_fleet: { 'zh-CN': '停运', 'en-US': 'Off fleet' },
  sold: { 'zh-CN': '已出售', 'en-US': 'Sold' },
  scrapped: { 'zh-CN': '已报废', 'en-US': 'Scrapped' },
};
/** Statuses a car may be registered (or imported) with; the others are reached by actions. */
export const INITIAL_CAR_STATUSES = ['idle', 'rented', 'preparing', 'maintenance', 'reserved', 'off_fleet'] as const;

/**
 * The named status actions of `PUT rentCar/{action}/{id}`: from which statuses each may be taken, and the
 * status it leads to. The server enforces exactly this table; the web uses it to offer the buttons.
 */
export const CAR_ACTIONS = {
  reserve: { from: ['idle'], to: 'reserved' },
  cancelReservation: { from: ['reserved'], to: 'idle' },
  rentOut: { from: ['idle', 'reserved'], to: 'rented' },
  giveBack: { from: ['rented'], to: 'preparing' },
  prepared: { from: ['preparing'], to: 'idle' },
  repair: { from: ['idle', 'preparing', 'reserved', 'off_fleet'], to: 'maintenance' },
  finishRepair: { from: ['maintenance'], to: 'idle' },
  suspend: { from: ['idle', 'preparing', 'maintenance'], to: 'off_fleet' },
  resume: { from: ['off_fleet'], to: 'idle' },
  sell: { from: ['idle', 'maintenance', 'off_fleet'], to: 'sold' },
  scrap: { from: ['idle', 'maintenance', 'off_fleet'], to: 'scrapped' },
} as const satisfies Record<string, { from: readonly CarStatus[]; to: CarStatus }>;
export type CarAction = keyof typeof CAR_ACTIONS;
export const CAR_ACTION_NAMES = Object.keys(CAR_ACTIONS) as [CarAction, ...CarAction[]];
export const CarActionName = z.enum(CAR_ACTION_NAMES);
export const CAR_ACTION_TITLES: Record<CarAction, LocalText> = {
  reserve: { 'zh-CN': '预订', 'en-US': 'Reserve' },
  cancelReservation: { 'zh-CN': '取消预订', 'en-US': 'Cancel reservation' },
  rentOut: { 'zh-CN': '出租', 'en-US': 'Rent out' },
  giveBack: { 'zh-CN': '还车', 'en-US': 'Return' },
  prepared: { 'zh-CN': '整备完成', 'en-US': 'Ready to rent' },
  repair: { 'zh-CN': '送修', 'en-US': 'Send to repair' },
  finishRepair: { 'zh-CN': '维修完成', 'en-US': 'Repair finished' },
  suspend: { 'zh-CN': '停运', 'en-US': 'Take off fleet' },
  resume: { 'zh-CN': '恢复运营', 'en-US': 'Back to fleet' },
  sell: { 'zh-CN': '出售', 'en-US': 'Sell' },
  scrap: { 'zh-CN': '报废', 'en-US': 'Scrap' },
};

/** The actions that may be taken from `status`. */
export function actionsFrom(status: CarStatus): CarAction[] {
  return CAR_ACTION_NAMES.filter((a) => (CAR_ACTIONS[a].from as readonly CarStatus[]).includes(status));
}

export const ENERGIES = ['petrol', 'diesel', 'hybrid', 'electric'] as const;
export const Energy = z.enum(ENERGIES);
export type Energy = z.infer<typeof Energy>;
export const ENERGY_TITLES: Record<Energy, LocalText> = {
  petrol: { 'zh-CN': '汽油', 'en-US': 'Petrol' },
  diesel: { 'zh-CN': '柴油', 'en-US': 'Diesel' },
  hybrid: { 'zh-CN': '混合动力', 'en-US': 'Hybrid' },
  electric: { 'zh-CN': '纯电动', 'en-US': 'Electric' },
};
/** Energies that carry a battery capacity and an electric range. */
export const BATTERY_ENERGIES: readonly Energy[] = ['hybrid', 'electric'];

export const IMAGE_KINDS = [
  'front',
  'back',
  'left',
  'right',
  'interior',
  'licenseMain',
  'licenseSecond',
  'other',
] as const;
export const CarImageKind = z.enum(IMAGE_KINDS);
export type CarImageKind = z.infer<typeof CarImageKind>;
export const IMAGE_KIND_TITLES: Record<CarImageKind, LocalText> = {
  front: { 'zh-CN': '车头', 'en-US': 'Front' },
  back: { 'zh-CN': '车尾', 'en-US': 'Back' },
  left: { 'zh-CN': '左侧', 'en-US': 'Left side' },
  right: { 'zh-CN': '右侧', 'en-US': 'Right side' },
  interior: { 'zh-CN': '内饰', 'en-US': 'Interior' },
  licenseMain: { 'zh-CN': '行驶证主页', 'en-US': 'Licence, main page' },
  licenseSecond: { 'zh-CN': '行驶证副页', 'en-US': 'Licence, second page' },
  other: { 'zh-CN': '其他', 'en-US': 'Other' },
};
export const CAR_IMAGES_MAX = 30;

/**
 * The common Chinese motor insurers: every tenant starts with them (`insurance_companies`, seeded by the
 * migration and for each new tenant) and adds its own (`rentCar/insurance/company/create`).
 */
export const INSURANCE_COMPANIES: readonly { code: string; name: string; shortName: string; nameEn: string }[] = [
  { code: 'picc', name: '中国人民财产保险股份有限公司', shortName: '人保财险', nameEn: 'PICC Property and Casualty' },
  {
    code: 'pingan',
    name: '中国平安财产保险股份有限公司',
    shortName: '平安产险',
    nameEn: 'Ping An Property & Casualty',
  },
  { code: 'cpic', name: '中国太平洋财产保险股份有限公司', shortName: '太保产险', nameEn: 'CPIC Property & Casualty' },
  { code: 'chinalife', name: '中国人寿财产保险股份有限公司', shortName: '国寿财险', nameEn: 'China Life P&C' },
  {
    code: 'cicp',
    name: '中华联合财产保险股份有限公司',
    shortName: '中华财险',
    nameEn: 'China United Property Insurance',
  },
  { code: 'ccic', name: '中国大地财产保险股份有限公司', shortName: '大地保险', nameEn: 'China Continent P&C' },
  { code: 'sinosig', name: '阳光财产保险股份有限公司', shortName: '阳光财险', nameEn: 'Sunshine Property & Casualty' },
  { code: 'taiping', name: '太平财产保险有限公司', shortName: '太平财险', nameEn: 'Taiping General Insurance' },
  { code: 'tianan', name: '天安财产保险股份有限公司', shortName: '天安财险', nameEn: 'Tian An Property Insurance' },
  { code: 'huaan', name: '华安财产保险股份有限公司', shortName: '华安保险', nameEn: 'Hua An Property Insurance' },
  { code: 'yaic', name: '永安财产保险股份有限公司', shortName: '永安保险', nameEn: 'Yong An Property Insurance' },
  { code: 'alltrust', name: '永诚财产保险股份有限公司', shortName: '永诚保险', nameEn: 'Alltrust Property Insurance' },
  { code: 'yingda', name: '英大泰和财产保险股份有限公司', shortName: '英大财险', nameEn: 'Yingda Taihe P&C' },
  { code: 'axatp', name: '安盛天平财产保险有限公司', shortName: '安盛天平', nameEn: 'AXA Tianping' },
  { code: 'huatai', name: '华泰财产保险有限公司', shortName: '华泰财险', nameEn: 'Huatai Property & Casualty' },
  { code: 'zking', name: '紫金财产保险股份有限公司', shortName: '紫金保险', nameEn: 'Zijin Property Insurance' },
  { code: 'bohai', name: '渤海财产保险股份有限公司', shortName: '渤海财险', nameEn: 'Bohai Property Insurance' },
  { code: 'dubon', name: '都邦财产保险股份有限公司', shortName: '都邦保险', nameEn: 'Dubon Property Insurance' },
  { code: 'dinghe', name: '鼎和财产保险股份有限公司', shortName: '鼎和保险', nameEn: 'Dinghe Property Insurance' },
  { code: 'ancheng', name: '安诚财产保险股份有限公司', shortName: '安诚财险', nameEn: 'Ancheng Property & Casualty' },
  { code: 'guoren', name: '国任财产保险股份有限公司', shortName: '国任保险', nameEn: 'Guoren Property & Casualty' },
  { code: 'apic', name: '亚太财产保险有限公司', shortName: '亚太财险', nameEn: 'Asia-Pacific Property & Casualty' },
  { code: 'jintai', name: '锦泰财产保险股份有限公司', shortName: '锦泰保险', nameEn: 'Jintai Property & Casualty' },
  { code: 'chengtai', name: '诚泰财产保险股份有限公司', shortName: '诚泰保险', nameEn: 'Chengtai Property & Casualty' },
  {
    code: 'bbwic',
    name: '北部湾财产保险股份有限公司',
    shortName: '北部湾财险',
    nameEn: 'Beibu Gulf Property Insurance',
  },
  { code: 'zhongcheng', name: '众诚汽车保险股份有限公司', shortName: '众诚保险', nameEn: 'Zhongcheng Auto Insurance' },
  { code: 'changan', name: '长安责任保险股份有限公司', shortName: '长安责任', nameEn: 'Changan Liability Insurance' },
  { code: 'bocins', name: '中银保险有限公司', shortName: '中银保险', nameEn: 'BOC Insurance' },
  { code: 'taishan', name: '泰山财产保险股份有限公司', shortName: '泰山保险', nameEn: 'Taishan Property & Casualty' },
  { code: 'liberty', name: '利宝保险有限公司', shortName: '利宝保险', nameEn: 'Liberty Mutual Insurance (China)' },
];
/** An insurer's code (`picc`, or `c-…` for one a tenant added): one of the tenant's `rentCar/insurance/company`. */
export const InsurerCode = z
  .string()
  .trim()
  .max(32)
  .regex(/^[a-z0-9][a-z0-9-]*$/, { message: 'v.insurerCode' });

/** Days ahead in which an inspection or a policy counts as "due soon". */
export const DUE_SOON_DAYS = 30;
/** A car whose GPS reported within this many minutes is online. */
export const ONLINE_WINDOW_MINUTES = 10;

const text = (max: number) => z.string().trim().max(max);
const optText = (max: number) => text(max).nullish();
const EngineNo = text(30).regex(/^[A-Za-z0-9-]*$/, { message: 'v.engineNo' });
/** A stored file address from `POST /api/tool/oss/upload/{type}` (stable or signed; the server keeps it stable). */
export const FileUrl = z.string().min(1).max(1024);

export const CarImageInput = z.strictObject({ kind: CarImageKind, url: FileUrl });
export const CarImage = z.object({
  id: z.number().int(),
  kind: CarImageKind,
  url: z.string().describe('stable address (store this one)'),
  signedUrl: z.string().nullable().describe('address a browser can open for a while'),
  sort: z.number().int(),
});
export type CarImage = z.infer<typeof CarImage>;

/** The fields a user edits on the car form (without status, rent and images, which have their own calls). */
const CarFields = z.strictObject({
  plate: PlateNumber,
  vin: Vin,
  engineNo: EngineNo.nullish(),
  brandId: Id,
  seriesId: Id,
  modelId: Id.nullish(),
  colour: optText(20),
  carTypeId: Id.nullish(),
  energy: Energy,
  batteryKwh: z.number().positive().max(300).nullish(),
  rangeKm: z.number().int().positive().max(2000).nullish(),
  seats: z.number().int().min(1).max(60).nullish(),
  registrationDate: LocalDate.nullish(),
  mileageKm: z.number().int().min(0).max(3_000_000).default(0),
  ownerId: Id.nullish(),
  keyCount: z.number().int().min(0).max(20).default(0),
  keyLocation: optText(100),
  inspectionDue: LocalDate.nullish().describe('annual inspection due date'),
  purchasePrice: Yuan.nullish(),
  purchaseDate: LocalDate.nullish(),
  compulsoryCompany: InsurerCode.nullish().describe('交强险 insurer code (rentCar/insurance/company)'),
  compulsoryPolicyNo: optText(40),
  compulsoryExpiry: LocalDate.nullish(),
  commercialCompany: InsurerCode.nullish(),
  commercialPolicyNo: optText(40),
  commercialExpiry: LocalDate.nullish(),
  remark: optText(500),
});

type CarFieldsValue = z.infer<typeof CarFields>;

/** Rules between fields, the same on the form and on the server. */
function carRules(car: CarFieldsValue, ctx: z.RefinementCtx): void {
  if (!BATTERY_ENERGIES.includes(car.energy)) {
    for (const key of ['batteryKwh', 'rangeKm'] as const) {
      if (car[key] !== null && car[key] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'v.energyOnlyNew' });
      }
    }
    if (isNewEnergyPlate(car.plate)) ctx.addIssue({ code: 'custom', path: ['plate'], message: 'v.plateEnergy' });
  }
  for (const prefix of ['compulsory', 'commercial'] as const) {
    const given = car[`${prefix}Company`] || car[`${prefix}PolicyNo`];
    if (given && !car[`${prefix}Expiry`]) {
      ctx.addIssue({ code: 'custom', path: [`${prefix}Expiry`], message: 'v.insuranceExpiry' });
    }
  }
}

export const CreateCarInput = CarFields.extend({
  status: z.enum(INITIAL_CAR_STATUSES).default('idle'),
  images: z.array(CarImageInput).max(CAR_IMAGES_MAX).default([]),
}).superRefine(carRules);
export type CreateCarInput = z.infer<typeof CreateCarInput>;

export const UpdateCarInput = CarFields.superRefine(carRules);
export type UpdateCarInput = z.infer<typeof UpdateCarInput>;

export const Car = z.object({
  id: z.number().int(),
  rentId: z.number().int(),
  rentName: z.string(),
  plate: z.string(),
  vin: z.string(),
  vinValid: z.boolean().describe('false for an imported VIN whose check digit is wrong'),
  engineNo: z.string().nullable(),
  brandId: z.number().int(),
  brandName: z.string(),
  seriesId: z.number().int(),
  seriesName: z.string(),
  modelId: z.number().int().nullable(),
  modelName: z.string().nullable(),
  colour: z.string().nullable(),
  carTypeId: z.number().int().nullable(),
  carTypeName: z.string().nullable(),
  energy: Energy,
  batteryKwh: z.number().nullable(),
  rangeKm: z.number().int().nullable(),
  seats: z.number().int().nullable(),
  registrationDate: LocalDate.nullable(),
  mileageKm: z.number().int(),
  ownerId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  status: CarStatus,
  statusChangedAt: Instant,
  /** Status actions that may be taken now. */
  actions: z.array(CarActionName),
  keyCount: z.number().int(),
  keyLocation: z.string().nullable(),
  keyRemark: z.string().nullable(),
  inspectionDue: LocalDate.nullable(),
  purchasePrice: z.number().nullable().describe('yuan'),
  purchaseDate: LocalDate.nullable(),
  compulsoryCompany: z.string().nullable(),
  compulsoryPolicyNo: z.string().nullable(),
  compulsoryExpiry: LocalDate.nullable(),
  commercialCompany: z.string().nullable(),
  commercialPolicyNo: z.string().nullable(),
  commercialExpiry: LocalDate.nullable(),
  licenseFileNo: z.string().nullable(),
  licenseUseCharacter: z.string().nullable(),
  licenseIssueDate: LocalDate.nullable(),
  licenseBoundAt: Instant.nullable(),
  gpsLastSeenAt: Instant.nullable(),
  online: z.boolean(),
  remark: z.string().nullable(),
  transferToRentId: z
    .number()
    .int()
    .nullable()
    .describe('the rent a transfer waiting for its approval moves the car to (null: none pending)'),
  transferToRentName: z.string().nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  deletedAt: Instant.nullable(),
});
export type Car = z.infer<typeof Car>;

/**
 * A car as the list shows it (`POST rentCar/list`): what its columns, filters and row actions use, not the
 * whole car. Half the fields of `Car`: the list is the most-called read of the area, and every field costs
 * the database, the server and the browser on each of its 20 to 100 rows. The car page reads the whole car.
 */
export const CarListRow = Car.pick({
  id: true,
  rentId: true,
  rentName: true,
  plate: true,
  vin: true,
  vinValid: true,
  brandId: true,
  brandName: true,
  seriesId: true,
  seriesName: true,
  modelId: true,
  modelName: true,
  carTypeId: true,
  carTypeName: true,
  energy: true,
  registrationDate: true,
  mileageKm: true,
  ownerId: true,
  ownerName: true,
  status: true,
  actions: true,
  inspectionDue: true,
  compulsoryExpiry: true,
  commercialExpiry: true,
  createdAt: true,
  deletedAt: true,
});
export type CarListRow = z.infer<typeof CarListRow>;

export const CarDetail = Car.extend({ images: z.array(CarImage) });
export type CarDetail = z.infer<typeof CarDetail>;

const DateFrom = LocalDate.optional();
const ids = z.array(Id).max(500);

/** The list filter (`POST rentCar/list`), also the body of the three exports (without paging). */
const CarFilterFields = z.strictObject({
  keyword: text(40).optional().describe('part of the plate, VIN or engine number'),
  plate: text(20).optional().describe('part of the plate'),
  vin: text(17).optional().describe('part of the VIN'),
  status: z.array(CarStatus).max(CAR_STATUSES.length).optional(),
  rentId: Id.optional().describe('one rent; absent = every rent the caller may act in'),
  carTypeId: ids.optional(),
  brandId: Id.optional(),
  seriesId: Id.optional(),
  modelId: Id.optional(),
  ownerId: Id.optional(),
  energy: z.array(Energy).max(ENERGIES.length).optional(),
  registrationFrom: DateFrom,
  registrationTo: DateFrom,
  inspectionDueFrom: DateFrom,
  inspectionDueTo: DateFrom,
  /** Either policy expiring in the range. */
  insuranceExpiryFrom: DateFrom,
  insuranceExpiryTo: DateFrom,
  createdFrom: DateFrom,
  createdTo: DateFrom,
  ids: ids.optional().describe('only these cars (export of a selection)'),
  deleted: z.enum(['exclude', 'only']).default('exclude').describe('"only": the deleted cars (to restore one)'),
  sortField: z.enum(['createdAt', 'plate', 'inspectionDue', 'mileageKm', 'statusChangedAt']).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});

function rangeRule(v: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const name of ['registration', 'inspectionDue', 'insuranceExpiry', 'created']) {
    const from = v[`${name}From`] as string | undefined;
    const to = v[`${name}To`] as string | undefined;
    if (from && to && to < from) ctx.addIssue({ code: 'custom', path: [`${name}To`], message: 'v.dateRange' });
  }
}

export const CarExportFilter = CarFilterFields.superRefine(rangeRule);
export type CarExportFilter = z.infer<typeof CarExportFilter>;
export const CarListFilter = CarFilterFields.extend(PageQuery.shape).superRefine(rangeRule);
export type CarListFilter = z.infer<typeof CarListFilter>;

export const CarActionParams = z.object({ action: CarActionName, id: Id });
export const CarActionBody = z
  .strictObject({ remark: optText(200) })
  .nullish()
  .describe('optional; a remark kept in the status history');
export const BatchActionParams = z.object({ action: CarActionName });
export const BatchActionBody = z.strictObject({ ids: z.array(Id).min(1).max(500), remark: optText(200) });
export const BatchActionResult = z.object({
  done: z.array(z.number().int()),
  refused: z.array(z.object({ id: z.number().int(), plate: z.string().nullable(), message: z.string() })),
});

export const TransferQuery = z.object({ rentId: Id.describe('the rent (of the same tenant) the car moves to') });
export const TransferBody = z
  .strictObject({ remark: optText(200) })
  .nullish()
  .describe('optional');

/**
 * The answer of a transfer: the car, and the `carTransfer` approval the transfer started. `approved`: no flow
 * step applied and the car has moved; `pending`: the car stays where it is until the request is approved.
 */
export const TransferResult = CarDetail.extend({
  transferApproval: z
    .object({ id: Id, status: z.enum(['pending', 'approved']) })
    .optional()
    .describe('the carTransfer approval about this transfer'),
});
export type TransferResult = z.infer<typeof TransferResult>;

export const DeleteCarQuery = z.object({ reason: text(200).optional() });

export const CAR_EVENT_KINDS = ['create', 'import', 'status', 'transfer', 'delete', 'restore'] as const;
export const CarEventKind = z.enum(CAR_EVENT_KINDS);
export const OperationsQuery = PageQuery.extend({
  carId: Id,
  kind: CarEventKind.optional(),
});
export const CarOperation = z.object({
  id: z.number().int(),
  kind: CarEventKind,
  action: z.string().nullable().describe('the status action (rentOut, repair...) of a status change'),
  fromStatus: CarStatus.nullable(),
  toStatus: CarStatus.nullable(),
  fromRentId: z.number().int().nullable(),
  fromRentName: z.string().nullable(),
  toRentId: z.number().int().nullable(),
  toRentName: z.string().nullable(),
  remark: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  at: Instant,
});
export type CarOperation = z.infer<typeof CarOperation>;

export const RentScopeQuery = z.object({
  rentId: Id.optional().describe('one rent; absent = every rent of the caller'),
});

export const CarsSummary = z.object({
  total: z.number().int().describe('cars in the fleet (not sold, scrapped or deleted)'),
  byStatus: z.record(CarStatus, z.number().int()),
  inspectionDueSoon: z.number().int().describe(`inspection due within ${DUE_SOON_DAYS} days`),
  inspectionOverdue: z.number().int(),
  insuranceDueSoon: z.number().int().describe(`a policy expiring within ${DUE_SOON_DAYS} days`),
  insuranceExpired: z.number().int(),
  online: z.number().int(),
  infoErrors: z.number().int().describe('cars listed by car/info/error'),
});
export type CarsSummary = z.infer<typeof CarsSummary>;

export const EditImagesInput = z.strictObject({
  carId: Id,
  images: z
    .array(CarImageInput)
    .max(CAR_IMAGES_MAX)
    .describe("the car's images in display order; this list replaces the previous one"),
});
export const DeleteImagesInput = z.strictObject({ carId: Id, ids: z.array(Id).min(1).max(CAR_IMAGES_MAX) });

export const LICENSE_USE_CHARACTERS = ['租赁', '非营运', '营运', '预约出租客运', '出租客运', '货运'] as const;
export const BindLicenseInput = z.strictObject({
  carId: Id,
  mainPageUrl: FileUrl.describe('行驶证主页 image'),
  secondPageUrl: FileUrl.nullish().describe('行驶证副页 image'),
  fileNo: optText(30).describe('档案编号'),
  useCharacter: z.enum(LICENSE_USE_CHARACTERS).nullish().describe('使用性质'),
  registrationDate: LocalDate.nullish(),
  issueDate: LocalDate.nullish(),
  inspectionDue: LocalDate.nullish().describe('检验有效期至 (from the second page)'),
});

export const KeyInfoInput = z.strictObject({
  carId: Id,
  keyCount: z.number().int().min(0).max(20),
  keyLocation: optText(100).describe('where the keys are (cabinet, office, with the driver...)'),
  keyRemark: optText(200),
});

export const INFO_ERROR_REASONS = [
  'vinCheckDigit',
  'duplicateVin',
  'noOwner',
  'noCarType',
  'noEngineNo',
  'noCompulsoryInsurance',
  'compulsoryExpired',
  'noCommercialInsurance',
  'commercialExpired',
  'noInspectionDue',
  'inspectionOverdue',
  'noLicense',
] as const;
export const InfoErrorReason = z.enum(INFO_ERROR_REASONS);
export type InfoErrorReason = z.infer<typeof InfoErrorReason>;
export const INFO_ERROR_TITLES: Record<InfoErrorReason, LocalText> = {
  vinCheckDigit: { 'zh-CN': '车架号校验位错误', 'en-US': 'VIN check digit is wrong' },
  duplicateVin: { 'zh-CN': '车架号重复', 'en-US': 'Another car has the same VIN' },
  noOwner: { 'zh-CN': '缺少车辆所有人', 'en-US': 'No owner' },
  noCarType: { 'zh-CN': '缺少车辆类型', 'en-US': 'No car type' },
  noEngineNo: { 'zh-CN': '缺少发动机号', 'en-US': 'No engine number' },
  noCompulsoryInsurance: { 'zh-CN': '缺少交强险', 'en-US': 'No compulsory insurance' },
  compulsoryExpired: { 'zh-CN': '交强险已过期', 'en-US': 'Compulsory insurance expired' },
  noCommercialInsurance: { 'zh-CN': '缺少商业险', 'en-US': 'No commercial insurance' },
  commercialExpired: { 'zh-CN': '商业险已过期', 'en-US': 'Commercial insurance expired' },
  noInspectionDue: { 'zh-CN': '缺少年检到期日', 'en-US': 'No inspection due date' },
  inspectionOverdue: { 'zh-CN': '年检已逾期', 'en-US': 'Inspection overdue' },
  noLicense: { 'zh-CN': '未绑定行驶证', 'en-US': 'No vehicle licence bound' },
};
export const InfoErrorQuery = PageQuery.extend({
  reason: InfoErrorReason.optional(),
  rentId: Id.optional(),
  keyword: text(40).optional(),
});
export const InfoErrorRow = z.object({
  id: z.number().int(),
  plate: z.string(),
  vin: z.string(),
  rentId: z.number().int(),
  rentName: z.string(),
  status: CarStatus,
  brandName: z.string(),
  seriesName: z.string(),
  reasons: z.array(z.object({ reason: InfoErrorReason, message: z.string() })),
});
export type InfoErrorRow = z.infer<typeof InfoErrorRow>;

/**
 * Why a car cannot be rented now: its status does not allow a new contract (already rented, reserved by another
 * contract, in repair...), no compulsory insurance registered, the compulsory insurance has ended, the annual
 * inspection is overdue. `fix` names the car page tab where it is put right.
 */
export const RENTABILITY_REASONS = ['status', 'compulsoryMissing', 'compulsoryExpired', 'inspectionOverdue'] as const;
export const RentabilityReason = z.enum(RENTABILITY_REASONS);
export type RentabilityReason = z.infer<typeof RentabilityReason>;
export const RentabilityQuery = z.strictObject({
  ids: z.array(Id).min(1).max(100).describe("the cars to check (another tenant's or an unknown car: 404)"),
});
export const Rentability = z.object({
  carId: z.number().int(),
  rentable: z.boolean(),
  reasons: z.array(
    z.object({
      code: RentabilityReason,
      message: z.string(),
      fix: z.enum(['info', 'insurance', 'inspections']).describe('the car page tab that puts it right'),
    }),
  ),
});
export type Rentability = z.infer<typeof Rentability>;

// Owners ----------------------------------------------------------------------------------------------------

export const OwnerKind = z.enum(['company', 'person']);
export type OwnerKind = z.infer<typeof OwnerKind>;
export const OWNER_KIND_TITLES: Record<OwnerKind, LocalText> = {
  company: { 'zh-CN': '企业', 'en-US': 'Company' },
  person: { 'zh-CN': '个人', 'en-US': 'Person' },
};

export const OwnerInput = z
  .strictObject({
    kind: OwnerKind,
    name: text(60).min(1),
    idNumber: text(18)
      .overwrite((v) => v.toUpperCase())
      .nullish()
      .describe('unified social credit code (company) or resident ID number (person)'),
    contactName: optText(30),
    phone: optText(20),
    address: optText(200),
    remark: optText(500),
  })
  .superRefine((o, ctx) => {
    if (!o.idNumber) return;
    if (o.kind === 'company' && !isValidUscc(o.idNumber)) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: 'v.uscc' });
    }
    if (o.kind === 'person' && !isValidIdCard(o.idNumber)) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: 'v.idCard' });
    }
  });
export type OwnerInput = z.infer<typeof OwnerInput>;

export const Owner = z.object({
  id: z.number().int(),
  kind: OwnerKind,
  name: z.string(),
  idNumber: z.string().nullable(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  remark: z.string().nullable(),
  cars: z.number().int().describe('cars (not deleted) of this owner'),
  createdAt: Instant,
});
export type Owner = z.infer<typeof Owner>;
export const OwnerQuery = PageQuery.extend({ keyword: text(60).optional(), kind: OwnerKind.optional() });

// Car types -------------------------------------------------------------------------------------------------

export const CarTypeInput = z.strictObject({
  carTypeName: text(30).min(1),
  monthlyRent: Yuan.describe('yuan per month'),
  deposit: Yuan.describe('yuan'),
  /** GPS overspeed limit of cars of this type, km/h (null: the tenant's; left out on a change: kept). */
  overspeedKmh: SpeedLimit.nullable().optional(),
  remark: optText(200),
});
export type CarTypeInput = z.infer<typeof CarTypeInput>;
export const CarType = z.object({
  id: z.number().int(),
  carTypeName: z.string(),
  monthlyRent: z.number(),
  deposit: z.number(),
  overspeedKmh: z.number().int().nullable(),
  remark: z.string().nullable(),
  cars: z.number().int().describe('cars (not deleted) of this type'),
  createdAt: Instant,
});
export type CarType = z.infer<typeof CarType>;
/**
 * `rentCarType/list`: `page`/`limit` as the spec calls it (page=0&limit=0: every type, not paged), or
 * `pageNum`/`pageSize` like every other list.
 */
export const CarTypeQuery = z.object({
  page: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(0).max(500).optional(),
  pageNum: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
  carTypeName: text(30).optional(),
});

// Reports ---------------------------------------------------------------------------------------------------

export const ReportBucket = z.object({
  key: z.string().describe('status or energy code, or the id of the type, brand, owner or rent ("none": unset)'),
  name: z.string(),
  count: z.number().int(),
});
export type ReportBucket = z.infer<typeof ReportBucket>;
export const FleetReport = z.object({
  total: z.number().int(),
  byStatus: z.array(ReportBucket),
  byType: z.array(ReportBucket),
  byBrand: z.array(ReportBucket),
  byOwner: z.array(ReportBucket),
  byEnergy: z.array(ReportBucket),
  byRent: z.array(ReportBucket),
});
export type FleetReport = z.infer<typeof FleetReport>;

export const CarTypeReportRow = z.object({
  carTypeId: z.number().int().nullable(),
  carTypeName: z.string(),
  monthlyRent: z.number().nullable(),
  total: z.number().int(),
  rented: z.number().int(),
  idle: z.number().int(),
  other: z.number().int(),
  rentedRate: z.number().describe('rented / total, 0..1'),
  monthlyIncome: z.number().describe('rented cars x monthly rent, yuan'),
});

export const OperationReportQuery = RentScopeQuery.extend({
  from: LocalDate.optional().describe('first day (default: 29 days before to)'),
  to: LocalDate.optional().describe('last day (default: today)'),
});
export const OperationReport = z.object({
  from: LocalDate,
  to: LocalDate,
  days: z.array(
    z.object({
      date: LocalDate,
      fleet: z.number().int().describe('cars in the fleet at the end of the day (not sold or scrapped)'),
      rented: z.number().int(),
      operationRate: z.number().describe('rented / fleet, 0..1'),
    }),
  ),
  averageOperationRate: z.number(),
  online: z.object({
    total: z.number().int(),
    online: z.number().int().describe(`GPS seen within ${ONLINE_WINDOW_MINUTES} minutes`),
    offline: z.number().int(),
    never: z.number().int().describe('never reported by a GPS device'),
    onlineRate: z.number(),
  }),
});
export type OperationReport = z.infer<typeof OperationReport>;

export const PowerReport = z.object({
  byEnergy: z.array(ReportBucket),
  battery: z.array(ReportBucket).describe('electric and hybrid cars by battery capacity band (kWh)'),
  range: z.array(ReportBucket).describe('electric cars by range band (km)'),
  averageBatteryKwh: z.number().nullable(),
  averageRangeKm: z.number().nullable(),
});
export const OwnerReportRow = z.object({
  ownerId: z.number().int().nullable(),
  ownerName: z.string(),
  kind: OwnerKind.nullable(),
  total: z.number().int(),
  rented: z.number().int(),
  purchaseValue: z.number().describe('sum of purchase prices, yuan'),
});
