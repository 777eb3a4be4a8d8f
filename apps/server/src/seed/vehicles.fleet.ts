import type { CarStatus } from '@fleetdesk/contracts/vehicles';

/** One car of the demo fleet; dates are relative to the day the demo is seeded. */
export interface FleetCar {
  plate: string;
  rent: 'HZ' | 'SH' | 'BJ';
  /** Catalogue model code (`series:year:name`). */
  model: string;
  /** World manufacturer identifier of the maker, and the engine (or motor) code printed on the licence. */
  wmi: string;
  engine: string;
  type?: string;
  owner?: string;
  status: CarStatus;
  /** Days since registration. */
  ageDays: number;
  insurer: string;
  insuranceInDays?: number;
  inspectionInDays?: number;
  noInsurance?: boolean;
  noLicense?: boolean;
  noEngineNo?: boolean;
  /** A legacy VIN whose check digit is wrong (kept as imported). */
  badVin?: boolean;
  vin?: string;
  transferredFrom?: 'HZ' | 'SH';
  use?: string;
  remark?: string;
}

const MODELS = {
  qinDmi: { model: 'byd-qin-plus:2023:秦PLUS DM-i 2023款 冠军版 55KM 领先型', wmi: 'LGX', engine: 'BYD472QA' },
  qinEv: { model: 'byd-qin-plus:2023:秦PLUS EV 2023款 冠军版 420KM 领先型', wmi: 'LGX', engine: 'TZ200XSQ' },
  hanEv: { model: 'byd-han:2023:汉EV 2023款 冠军版 506KM 尊贵型', wmi: 'LGX', engine: 'TZ220XYL' },
  camry: { model: 'toyota-camry:2023:凯美瑞 2023款 2.0E 精英版', wmi: 'LVG', engine: 'M20C' },
  camryHev: { model: 'toyota-camry:2023:凯美瑞 2023款 双擎 2.5HE 精英版', wmi: 'LVG', engine: 'A25B' },
  lavida: { model: 'vw-lavida:2023:朗逸 2023款 1.5L 自动新逸版', wmi: 'LSV', engine: 'DMB' },
  emgrand: { model: 'geely-emgrand:2023:帝豪 2023款 第4代 1.5L CVT 豪华型', wmi: 'L6T', engine: 'JLC4G15' },
  model3: { model: 'tesla-model-3:2023:Model 3 2023款 后轮驱动版', wmi: 'LRW', engine: 'TZ220XS' },
  aionS: { model: 'aion-s:2023:AION S 魅 580 出行版', wmi: 'LMG', engine: 'TZ180XS' },
  gl8: { model: 'buick-gl8:2023:GL8 陆上公务舱 2023款 652T 舒适型', wmi: 'LSG', engine: 'LTG' },
  accord: { model: 'honda-accord:2023:雅阁 2023款 260TURBO 智享版', wmi: 'LHG', engine: 'L15BN' },
  sylphy: { model: 'nissan-sylphy:2023:轩逸 2023款 1.6L XL CVT 悦享版', wmi: 'LGB', engine: 'HR16' },
  liL7: { model: 'li-l7:2023:理想L7 2023款 Pro', wmi: 'LW4', engine: 'L2E15M' },
} as const;

const TYPE_OF: Record<keyof typeof MODELS, string> = {
  qinDmi: '新能源网约车',
  qinEv: '新能源网约车',
  aionS: '新能源网约车',
  hanEv: '舒适型',
  camry: '舒适型',
  camryHev: '舒适型',
  accord: '舒适型',
  model3: '舒适型',
  lavida: '经济型',
  emgrand: '经济型',
  sylphy: '经济型',
  gl8: '商务型',
  liL7: '商务型',
};

const COMPANY = '演示租车有限公司';
const LEASING = '浙江融通汽车融资租赁有限公司';
const INSURERS = ['picc', 'pingan', 'cpic', 'picc', 'pingan', 'chinalife'];

function car(
  plate: string,
  rent: 'HZ' | 'SH',
  model: keyof typeof MODELS,
  status: CarStatus,
  ageDays: number,
  extra: Partial<FleetCar> = {},
): FleetCar {
  const n = [...plate].reduce((s, c) => s + c.charCodeAt(0), 0);
  return {
    plate,
    rent,
    ...MODELS[model],
    type: TYPE_OF[model],
    owner: n % 5 === 0 ? LEASING : COMPANY,
    status,
    ageDays,
    insurer: INSURERS[n % INSURERS.length]!,
    use: model === 'qinDmi' || model === 'aionS' || model === 'qinEv' ? '预约出租客运' : '租赁',
    ...extra,
  };
}

/** 演示租车: 48 cars in Hangzhou, 32 in Shanghai; mostly rented, a few with papers due or wrong. */
export const DEMO_FLEET: FleetCar[] = [
  // Hangzhou: ride-hailing plug-in hybrids and electrics (green plates), economy and comfort sedans.
  car('浙AD12345', 'HZ', 'aionS', 'rented', 420, { owner: '王磊' }),
  car('浙AF67890', 'HZ', 'qinDmi', 'rented', 380, { insuranceInDays: 15, owner: '李强' }),
  car('浙AG24680', 'HZ', 'qinDmi', 'rented', 350),
  car('浙AH13579', 'HZ', 'qinDmi', 'rented', 340),
  car('浙AK11223', 'HZ', 'qinDmi', 'rented', 330),
  car('浙AF20318', 'HZ', 'qinDmi', 'rented', 300),
  car('浙AF35527', 'HZ', 'qinDmi', 'rented', 290),
  car('浙AF51862', 'HZ', 'qinDmi', 'idle', 280),
  car('浙AF60913', 'HZ', 'qinDmi', 'rented', 260, { inspectionInDays: 10 }),
  car('浙AF72406', 'HZ', 'qinDmi', 'reserved', 240),
  car('浙AD30271', 'HZ', 'aionS', 'rented', 520),
  car('浙AD31852', 'HZ', 'aionS', 'rented', 510),
  car('浙AD40963', 'HZ', 'aionS', 'rented', 505, { inspectionInDays: -12 }),
  car('浙AD52174', 'HZ', 'aionS', 'maintenance', 480, { remark: '右前门钣金修复中' }),
  car('浙AD63385', 'HZ', 'aionS', 'rented', 460),
  car('浙AD70496', 'HZ', 'aionS', 'idle', 450),
  car('浙AD81507', 'HZ', 'qinEv', 'rented', 400),
  car('浙AD82618', 'HZ', 'qinEv', 'rented', 395),
  car('浙AD90729', 'HZ', 'qinEv', 'off_fleet', 390, { insuranceInDays: -20, remark: '保险已过期，待续保后恢复运营' }),
  car('浙AD16830', 'HZ', 'hanEv', 'rented', 610),
  car('浙AD17941', 'HZ', 'hanEv', 'rented', 600),
  car('浙AD26052', 'HZ', 'hanEv', 'idle', 590),
  car('浙AD27163', 'HZ', 'hanEv', 'rented', 580, { insuranceInDays: 7 }),
  car('浙AD58274', 'HZ', 'model3', 'rented', 700),
  car('浙AD58385', 'HZ', 'model3', 'rented', 690),
  car('浙AD68496', 'HZ', 'model3', 'reserved', 650),
  car('浙AD68507', 'HZ', 'model3', 'rented', 640, { noLicense: true }),
  car('浙A3M7K2', 'HZ', 'lavida', 'rented', 900),
  car('浙A5N8P3', 'HZ', 'lavida', 'rented', 880),
  car('浙A6Q2R7', 'HZ', 'lavida', 'rented', 860, { owner: undefined }),
  car('浙A7S5T1', 'HZ', 'lavida', 'idle', 850),
  car('浙A8U3V6', 'HZ', 'lavida', 'rented', 820, { inspectionInDays: 18 }),
  car('浙A9W4X8', 'HZ', 'lavida', 'maintenance', 800),
  car('浙A2Y6Z9', 'HZ', 'lavida', 'sold', 1500, { remark: '2024 年出售给二手车商' }),
  car('浙A1B5C8', 'HZ', 'lavida', 'scrapped', 1900, { remark: '事故全损报废' }),
  car('浙A3E2F6', 'HZ', 'emgrand', 'rented', 760),
  car('浙A4G7H2', 'HZ', 'emgrand', 'rented', 740),
  car('浙A5J3K9', 'HZ', 'emgrand', 'idle', 730, { type: undefined }),
  car('浙A6L8M4', 'HZ', 'emgrand', 'rented', 720, {
    badVin: true,
    vin: 'L6T7824S2NN183294',
    remark: '旧系统导入，车架号待核对',
  }),
  car('浙A7N1P5', 'HZ', 'emgrand', 'off_fleet', 1100),
  car('浙A8Q6R3', 'HZ', 'emgrand', 'sold', 1600),
  car('浙A2T9U7', 'HZ', 'camry', 'rented', 560),
  car('浙A3V4W1', 'HZ', 'camry', 'rented', 550, { noEngineNo: true }),
  car('浙A5X7Y2', 'HZ', 'camryHev', 'maintenance', 545),
  car('浙A6Z3A8', 'HZ', 'accord', 'rented', 530),
  car('浙A7B8C4', 'HZ', 'accord', 'maintenance', 520),
  car('浙A8D2E6', 'HZ', 'gl8', 'rented', 470),
  car('浙AF93017', 'HZ', 'liL7', 'idle', 210),
  // Shanghai: the same mix with 沪 plates; two cars came over from Hangzhou.
  car('沪B82M56', 'SH', 'camry', 'rented', 1060, { inspectionInDays: 25 }),
  car('沪ADA1234', 'SH', 'aionS', 'rented', 300),
  car('沪ADB2345', 'SH', 'aionS', 'rented', 295),
  car('沪ADC3456', 'SH', 'aionS', 'rented', 290),
  car('沪ADE4567', 'SH', 'aionS', 'idle', 285),
  car('沪ADF5678', 'SH', 'aionS', 'rented', 280, { noLicense: true }),
  car('沪AF12068', 'SH', 'qinDmi', 'rented', 260),
  car('沪AF23179', 'SH', 'qinDmi', 'rented', 255),
  car('沪AF34280', 'SH', 'qinDmi', 'rented', 250, { owner: '赵晓峰' }),
  car('沪AF45391', 'SH', 'qinDmi', 'reserved', 245),
  car('沪AF56402', 'SH', 'qinDmi', 'rented', 240, { transferredFrom: 'HZ' }),
  car('沪AF67513', 'SH', 'qinDmi', 'idle', 235),
  car('沪AD80624', 'SH', 'model3', 'rented', 500),
  car('沪AD81735', 'SH', 'model3', 'rented', 495, { inspectionInDays: 28 }),
  car('沪AD82846', 'SH', 'model3', 'maintenance', 490),
  car('沪A5K8L2', 'SH', 'lavida', 'rented', 700),
  car('沪A6M3N7', 'SH', 'lavida', 'rented', 690, { transferredFrom: 'HZ' }),
  car('沪A7P9Q4', 'SH', 'lavida', 'idle', 680),
  car('沪A8R2S6', 'SH', 'lavida', 'rented', 670, { inspectionInDays: -40 }),
  car('沪A9T5U3', 'SH', 'lavida', 'sold', 1400),
  car('沪C2V7W8', 'SH', 'sylphy', 'rented', 640),
  car('沪C3X4Y1', 'SH', 'sylphy', 'rented', 630),
  car('沪C4Z8A5', 'SH', 'sylphy', 'off_fleet', 620, { owner: undefined }),
  car('沪C5B2C9', 'SH', 'sylphy', 'rented', 610, { noInsurance: true }),
  car('沪B3D6E2', 'SH', 'camry', 'rented', 600),
  car('沪B4F9G7', 'SH', 'camry', 'rented', 590),
  car('沪B5H3J1', 'SH', 'camryHev', 'idle', 580),
  car('沪B6K7L5', 'SH', 'gl8', 'rented', 560),
  car('沪B7M2N8', 'SH', 'gl8', 'rented', 550),
  car('沪B8P6Q3', 'SH', 'gl8', 'maintenance', 540),
  car('沪AFG6789', 'SH', 'liL7', 'rented', 180, { noLicense: true }),
  car('沪AF78624', 'SH', 'liL7', 'reserved', 170),
];

/** Other Rentals (Beijing): a handful of cars, to prove that one tenant never sees another's. */
export const OTHER_FLEET: FleetCar[] = [
  { ...car('京N3K8P2', 'HZ', 'lavida', 'rented', 500), rent: 'BJ', type: 'Standard', owner: 'Other Rentals Ltd.' },
  { ...car('京N4M9Q3', 'HZ', 'lavida', 'idle', 480), rent: 'BJ', type: 'Standard', owner: 'Other Rentals Ltd.' },
  { ...car('京ADH7788', 'HZ', 'aionS', 'rented', 300), rent: 'BJ', type: 'Standard', owner: 'Other Rentals Ltd.' },
  { ...car('京ADJ8899', 'HZ', 'aionS', 'rented', 290), rent: 'BJ', type: 'Standard', owner: 'Other Rentals Ltd.' },
  { ...car('京Q7R5S1', 'HZ', 'camry', 'maintenance', 700), rent: 'BJ', type: 'Standard', owner: 'Other Rentals Ltd.' },
  { ...car('京AF10203', 'HZ', 'qinDmi', 'rented', 200), rent: 'BJ', type: 'Standard', owner: 'Other Rentals Ltd.' },
];
