import { withIdCardCheckDigit } from '@fleetdesk/contracts/identifiers';
import type { TestApp } from '../../../test/harness.js';

export const P = '/api/ccwadmin/rentDriver';

let serial = 100;
/** A valid ID number of Hangzhou, born `birth` (YYYYMMDD), of `gender`, different on every call. */
export function nextIdNumber(gender: 'male' | 'female' = 'male', birth = '19900101'): string {
  serial++;
  const seq = String(serial % 100).padStart(2, '0');
  const g = gender === 'male' ? String(1 + (serial % 5) * 2) : String((serial % 5) * 2);
  return withIdCardCheckDigit(`330106${birth}${seq}${g}0`.slice(0, 17));
}

let phoneSerial = 0;
export function nextPhone(): string {
  phoneSerial++;
  return `1370000${String(phoneSerial).padStart(4, '0')}`;
}

/** A complete, valid driver form. */
export function driverInput(extra: Record<string, unknown> = {}) {
  const idNumber = nextIdNumber('male');
  return {
    name: '测试司机',
    gender: 'male',
    phone: nextPhone(),
    idNumber,
    birthDate: '1990-01-01',
    address: '浙江省杭州市西湖区文三路 1 号',
    licenceNumber: idNumber,
    licenceClass: 'C1',
    licenceFirstIssue: '2012-05-20',
    licenceExpiry: '2030-05-20',
    certificateNumber: '330100202300001',
    certificateExpiry: '2029-03-31',
    emergencyName: '李芳',
    emergencyPhone: '13812345678',
    emergencyRelation: 'spouse',
    bankName: '中国工商银行',
    bankAccount: '6222021202001234567',
    bankAccountName: '测试司机',
    source: 'referral',
    ...extra,
  };
}

export async function rentsOf(t: TestApp) {
  const { rows } = await t.deps.database.query<{ code: string; id: number; tenant_id: number }>(
    `select code, id, tenant_id from rents`,
  );
  const rent = (code: string) => Number(rows.find((r) => r.code === code)!.id);
  return { hz: rent('HZ'), sh: rent('SH'), bj: rent('BJ') };
}

export async function addDriver(t: TestApp, extra: Record<string, unknown> = {}, rent?: number) {
  const res = await t.request('POST', `${P}/add`, { as: 'admin', body: driverInput(extra), ...(rent ? { rent } : {}) });
  if (res.statusCode !== 200) throw new Error(`add failed: ${res.body}`);
  return res.json().data as { id: number; idNumber: string; phone: string; state: string; actions: string[] };
}

export async function act(t: TestApp, id: number, action: string, reason?: string, as = 'admin') {
  return t.request('PUT', `${P}/${action}/${id}`, { as, body: reason === undefined ? {} : { reason } });
}
