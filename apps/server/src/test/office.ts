import { PASSWORDS, type TestApp } from './harness.js';

/**
 * Tokens of the demo staff (Staff@123) and the seeded accounts, signed in once per helper (a test that moves
 * the clock past the tokens' life takes a new helper).
 */
export function staff(t: TestApp) {
  const tokens = new Map<string, string>();
  return async (username: string): Promise<{ token: string }> => {
    let token = tokens.get(username);
    if (!token) {
      const res = await t.signIn(username, PASSWORDS[username] ?? 'Staff@123');
      if (res.statusCode !== 200) throw new Error(`sign-in of ${username}: ${res.body}`);
      token = res.json().access_token as string;
      tokens.set(username, token);
    }
    return { token };
  };
}

export async function ids(t: TestApp) {
  const q = async <R>(text: string) => (await t.deps.database.query<R>(text)).rows;
  const users = await q<{ username: string; id: number }>(`select username, id from users`);
  const roles = await q<{ code: string; id: number; tenant_id: number }>(`select code, id, tenant_id from roles`);
  const centres = await q<{ code: string; id: number }>(`select code, id from cost_centres`);
  const flows = await q<{ business_type: string; id: number }>(
    `select f.business_type, f.id from approval_flows f join tenants t on t.id = f.tenant_id where t.code = 'DEMO'`,
  );
  return {
    user: (u: string) => Number(users.find((r) => r.username === u)!.id),
    role: (code: string) => Number(roles.find((r) => r.code === code)!.id),
    centre: (code: string) => Number(centres.find((r) => r.code === code)!.id),
    flow: (type: string) => Number(flows.find((r) => r.business_type === type)!.id),
  };
}

/**
 * A call as a demo account or employee: `call('GET', path, 'liuyang', body, query)`. `tokens` is read on
 * every call, so a test that moves the clock can swap in a new `staff` helper.
 */
export function caller(app: () => TestApp, base: string, tokens: () => ReturnType<typeof staff>) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user: string,
    body?: unknown,
    query?: Record<string, string | number>,
  ) =>
    app().request(method, `${base}${url}`, {
      ...(await tokens()(user)),
      ...(body !== undefined ? { body } : {}),
      ...(query ? { query } : {}),
    });
}

/** The index of a request's current step, which a decision names (`DecisionInput.step`); 0 when none. */
export async function currentStepOf(t: TestApp, requestId: number): Promise<number> {
  const { rows } = await t.deps.database.query<{ s: number | null }>(
    `select current_step as s from approval_requests where id = $1`,
    [requestId],
  );
  return Number(rows[0]?.s ?? 0);
}
