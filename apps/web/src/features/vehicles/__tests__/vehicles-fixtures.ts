import type { ImportHeader } from '@fleetdesk/contracts/excel-import';
import type { Car, CarType } from '@fleetdesk/contracts/vehicles';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';

export const LIST = '/api/ccwadmin/rentCar/list';

export function car(patch: Partial<Car> = {}): Car {
  return {
    id: 1,
    rentId: 7,
    rentName: 'Demo Rentals Hangzhou',
    plate: '浙AD12345',
    vin: 'LSVAU2180N2183294',
    vinValid: true,
    engineNo: 'EA211-889',
    brandId: 3,
    brandName: 'BYD',
    seriesId: 30,
    seriesName: 'Qin PLUS',
    modelId: 300,
    modelName: '2024 EV 510km',
    colour: 'White',
    carTypeId: 4,
    carTypeName: 'EV ride-hailing',
    energy: 'electric',
    batteryKwh: 57.6,
    rangeKm: 510,
    seats: 5,
    registrationDate: '2024-03-01',
    mileageKm: 48210,
    ownerId: 2,
    ownerName: 'Hangzhou Leasing Co.',
    status: 'idle',
    statusChangedAt: '2026-11-01T02:00:00Z',
    actions: ['reserve', 'rentOut', 'repair', 'suspend', 'sell', 'scrap'],
    keyCount: 2,
    keyLocation: 'Cabinet A',
    keyRemark: null,
    inspectionDue: '2030-03-01',
    purchasePrice: 149800,
    purchaseDate: '2024-02-20',
    compulsoryCompany: 'picc',
    compulsoryPolicyNo: 'PDZA2024001',
    compulsoryExpiry: '2030-02-28',
    commercialCompany: 'picc',
    commercialPolicyNo: 'PDAA2024001',
    commercialExpiry: '2030-02-28',
    licenseFileNo: null,
    licenseUseCharacter: null,
    licenseIssueDate: null,
    licenseBoundAt: null,
    gpsLastSeenAt: null,
    online: false,
    remark: null,
    transferToRentId: null,
    transferToRentName: null,
    createdAt: '2026-10-01T02:00:00Z',
    updatedAt: '2026-11-01T02:00:00Z',
    deletedAt: null,
    ...patch,
  };
}

export const CARS = [
  car(),
  car({ id: 2, plate: '浙AD22222', vin: 'LSVAU2180N2183295', status: 'rented', actions: ['giveBack'] }),
  car({ id: 3, plate: '沪B33333', vin: 'LSVAU2180N2183296', status: 'maintenance', energy: 'petrol' }),
];

export function carType(patch: Partial<CarType> = {}): CarType {
  return {
    id: 4,
    carTypeName: 'EV ride-hailing',
    monthlyRent: 4800,
    deposit: 10000,
    overspeedKmh: null,
    remark: null,
    cars: 12,
    createdAt: '2026-01-01T02:00:00Z',
    ...patch,
  };
}

export const HEADER: ImportHeader = {
  type: 'car',
  title: 'Cars',
  maxRows: 20000,
  syncMaxRows: 500,
  extra: 'rent id',
  columns: [
    {
      key: 'plate',
      title: 'Plate',
      titleZh: '车牌号',
      titleEn: 'Plate',
      required: true,
      example: '浙A·D12345',
      description: null,
      values: null,
    },
    {
      key: 'energy',
      title: 'Energy',
      titleZh: '能源类型',
      titleEn: 'Energy',
      required: true,
      example: 'Electric',
      description: null,
      values: [
        { value: 'petrol', label: 'Petrol' },
        { value: 'electric', label: 'Electric' },
      ],
    },
  ],
};

export const paged = <T>(rows: T[]) => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 });

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The calls the vehicles screen makes on arrival. */
export function vehicleRoutes(more: Record<string, (req: FakeRequest) => FakeAnswer> = {}) {
  return {
    [`POST ${LIST}`]: () => paged(CARS),
    'GET /api/ccwadmin/rentCarType/list': () => paged([carType(), carType({ id: 5, carTypeName: 'Economy' })]),
    'GET /api/ccwadmin/commonCar/brand': () =>
      ok([{ id: 3, name: '比亚迪', nameEn: 'BYD', initial: 'B', country: 'CN', custom: false }]),
    'GET /api/ccwadmin/rentCar/owner': () => paged([]),
    'GET /api/ccwadmin/filter/list/rentCar': () => ok([]),
    'GET /api/ccwadmin/task/progress/list': () => ok([]),
    ...more,
  };
}
