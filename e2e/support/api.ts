import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Calls of the API for what another actor does off-screen (DESIGN: end-to-end tests act through the screens; the
 * API only sets the stage). Each call goes as the web client's: a bearer token and `X-User-Type: manager`.
 */
const ADMIN = '/api/ccwadmin';

export interface ApiAnswer<T> {
  status: number;
  body: { status: number; data: T; message: string };
}

/** A call: `url` under /api/ccwadmin, or a whole path when it starts with "/". Its HTTP status and body. */
export async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: unknown,
): Promise<ApiAnswer<T>> {
  const res = await request.fetch(url.startsWith('/') ? url : `${ADMIN}/${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'X-User-Type': 'manager' },
    ...(data === undefined ? {} : { data }),
  });
  return { status: res.status(), body: (await res.json()) as ApiAnswer<T>['body'] };
}

/** A call that must succeed: its data (the server's message names a failure). */
export async function apiData<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: unknown,
): Promise<T> {
  const answer = await apiCall<T>(request, token, method, url, data);
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
}

/**
 * The ids of the time-share fleet's cars. The specs that take "an idle car" for a contract, a work order, a policy or
 * a transfer skip them: the time-share flow needs a free car of its fleet at a zone, and one server carries every spec
 * of a run. (The short-term stores hold most of the demo's other idle cars, so those stay in reach.)
 */
export async function timeShareCarIds(request: APIRequestContext, token: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let pageNum = 1; ; pageNum++) {
    const share = await apiData<{ rows: { carId: number }[]; total: number }>(
      request,
      token,
      'GET',
      `shareZone/cars?pageNum=${pageNum}&pageSize=100`,
    );
    share.rows.forEach((c) => ids.add(c.carId));
    if (pageNum * 100 >= share.total) break;
  }
  return ids;
}

/** Idle cars (`rentCar/list` with `filter`), the time-share fleet's left out. */
export async function idleCars<T extends { id: number }>(
  request: APIRequestContext,
  token: string,
  filter: Record<string, unknown> = {},
): Promise<T[]> {
  const fleets = await timeShareCarIds(request, token);
  const cars = await apiData<{ rows: T[] }>(request, token, 'POST', 'rentCar/list', {
    status: ['idle'],
    pageSize: 100,
    ...filter,
  });
  return cars.rows.filter((c) => !fleets.has(c.id));
}

/**
 * A pending contract made today for a year (monthly, prepaid, rent 3000, deposit 5000) on the first idle car that may
 * be rented out (`carOk`), with an active driver of its rent (the signing's rules are checked by `sign`), and the
 * first receipt account. A car the signing refuses is skipped and its draft cancelled.
 */
export async function contractOnIdleCar(
  request: APIRequestContext,
  token: string,
  sign: (id: number, accountId: number) => Promise<boolean>,
  carOk: (carId: number) => Promise<boolean> = async () => true,
): Promise<{ id: number; accountId: number; driverId: number }> {
  const cars = { rows: await idleCars<{ id: number; rentId: number }>(request, token) };
  const accounts = await apiData<{ id: number }[]>(request, token, 'GET', 'rentContract/accounts');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  for (const car of cars.rows) {
    const drivers = await apiData<{ rows: { id: number }[] }>(request, token, 'POST', 'rentDriver/list', {
      rentId: car.rentId,
      state: ['active'],
      pageSize: 1,
    });
    const driver = drivers.rows[0];
    if (!driver || !(await carOk(car.id))) continue;
    const added = await apiCall<{ id: number }>(request, token, 'POST', 'rentContract/add', {
      rentId: car.rentId,
      driverId: driver.id,
      carId: car.id,
      type: 'longTerm',
      period: 'monthly',
      billing: 'prepaid',
      paymentDay: null,
      startDate: today,
      endDate: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
      freeDays: 0,
      deposit: 5000,
      managementFee: 0,
      rent: 3000,
    });
    if (added.status !== 200) continue;
    const id = added.body.data.id;
    if (await sign(id, accounts[0]!.id)) return { id, accountId: accounts[0]!.id, driverId: driver.id };
    await apiCall(request, token, 'POST', `rentContract/cancel/${id}`, { reason: 'e2e: 车辆不可出租' });
  }
  throw new Error('no car could be rented out');
}

/** A contract signed today for a year on the first idle car that may be rented out (`contractOnIdleCar`). */
export async function signedContract(request: APIRequestContext, token: string): Promise<number> {
  const c = await contractOnIdleCar(request, token, async (id, accountId) => {
    const signed = await apiCall(request, token, 'POST', `rentContract/sign/${id}`, { accountId });
    return signed.status === 200;
  });
  return c.id;
}
