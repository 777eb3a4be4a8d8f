import { withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import type { CarDetail } from '@fleetdesk/contracts/vehicles';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';
import { car, paged } from './vehicles-fixtures';

export const SLOW = { timeout: 20_000 };

export function carDetail(patch: Partial<CarDetail> = {}): CarDetail {
  return { ...car({ vin: withVinCheckDigit('LSVAU2180N2183294') }), images: [], ...patch };
}

export const BRANDS = [
  { id: 3, name: '比亚迪', nameEn: 'BYD', initial: 'B', country: 'CN', custom: false },
  { id: 4, name: '大众', nameEn: 'Volkswagen', initial: 'D', country: 'DE', custom: false },
];
export const SERIES: Record<number, { id: number; brandId: number; name: string; level: string }[]> = {
  3: [{ id: 30, brandId: 3, name: 'Qin PLUS', level: 'sedan' }],
  4: [{ id: 40, brandId: 4, name: 'Lavida', level: 'sedan' }],
};

/** The calls the car form and the car page make. */
export function carRoutes(more: Record<string, (req: FakeRequest) => FakeAnswer> = {}) {
  return {
    'GET /api/ccwadmin/commonCar/brand': () => ok(BRANDS),
    'GET /api/ccwadmin/commonCar/serial/:id': (req: FakeRequest) =>
      ok((SERIES[Number(req.path.split('/').at(-1))] ?? []).map((s) => ({ ...s, maker: null, custom: false }))),
    'GET /api/ccwadmin/commonCar/type/:id': () =>
      ok([
        {
          id: 300,
          seriesId: 30,
          name: 'EV 510km',
          year: 2024,
          energy: 'electric',
          seats: 5,
          batteryKwh: 57.6,
          rangeKm: 510,
          guidePrice: 149800,
          custom: false,
        },
      ]),
    'GET /api/ccwadmin/rentCarType/list': () => paged([]),
    'GET /api/ccwadmin/rentCar/owner': () => paged([]),
    'GET /api/ccwadmin/rentCar/insurance/company': () =>
      ok([
        {
          id: 1,
          code: 'picc',
          name: '中国人民财产保险股份有限公司',
          shortName: '人保财险',
          nameEn: 'PICC Property and Casualty',
          enabled: true,
        },
      ]),
    'GET /api/ccwadmin/rentCar/car/info/error': () => paged([]),
    'GET /api/ccwadmin/rentCar/operations': () => paged([]),
    'GET /api/ccwadmin/operationLog/list': () => paged([]),
    ...more,
  };
}
