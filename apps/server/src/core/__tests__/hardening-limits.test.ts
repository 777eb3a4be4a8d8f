import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendXlsx } from '../xlsx.js';

/**
 * Issue "Hardening 2", item 7: input that passed the schemas and failed deeper, as a 500 or as an export cut
 * after its 200. Dates outside 1900-2200, integers past their column, bodies nested past the input guard.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const C = '/api/ccwadmin/rentContract';
const BAD_DATES = ['0000-01-01', '1899-12-31', '2201-01-01', '9999-12-31'];

async function openLine(): Promise<{ id: number; version: number }> {
  const { rows } = await t.deps.database.query<{ id: number; version: number }>(
    `select l.id, l.version from rental_payment_lines l
      where l.tenant_id = (select tenant_id from users where username = 'admin')
        and l.state in ('unpaid', 'partial') and l.valid order by l.id limit 1`,
  );
  return { id: Number(rows[0]!.id), version: Number(rows[0]!.version) };
}

function expectDateRefused(res: { statusCode: number; json(): unknown }, path: string, label: string) {
  expect(res.statusCode, label).toBe(400);
  const body = res.json() as { errors: { path: string; message: string }[] };
  expect(body.errors, label).toContainEqual({ path, message: expect.stringMatching(/1900-01-01/) });
}

describe('dates outside 1900-01-01 to 2200-12-31', () => {
  it('are refused with 400 in list filters, forms and bill lines, naming the field', async () => {
    const line = await openLine();
    const [contract] = (
      await t.deps.database.query<{ contract_id: number }>(
        `select contract_id from rental_payment_lines where id = $1`,
        [line.id],
      )
    ).rows;
    for (const day of BAD_DATES) {
      const drivers = await t.request('POST', '/api/ccwadmin/rentDriver/list', {
        as: 'admin',
        body: { licenceExpiryFrom: day },
      });
      expectDateRefused(drivers, 'licenceExpiryFrom', `driver list ${day}`);
      const contracts = await t.request('POST', `${C}/list`, { as: 'admin', body: { startFrom: day } });
      expectDateRefused(contracts, 'startFrom', `contract list ${day}`);
      const addLine = await t.request('POST', `${C}/line/add/${contract!.contract_id}`, {
        as: 'admin',
        body: { type: 'other', dueDate: day, amount: 10 },
      });
      expectDateRefused(addLine, 'dueDate', `bill line ${day}`);
    }
    const driver = await t.request('POST', '/api/ccwadmin/rentDriver/add', {
      as: 'admin',
      lang: 'en-US',
      body: { name: '张三', phone: '13800000001', licenceExpiry: '0000-01-01' },
    });
    expect(driver.statusCode).toBe(400);
    expect(driver.json().errors).toContainEqual({
      path: 'licenceExpiry',
      message: 'The date must lie between 1900-01-01 and 2200-12-31',
    });
  });

  it('still takes the first and the last day of the range', async () => {
    for (const day of ['1900-01-01', '2200-12-31']) {
      const res = await t.request('POST', '/api/ccwadmin/rentDriver/list', {
        as: 'admin',
        body: { licenceExpiryFrom: day },
      });
      expect(res.statusCode, day).toBe(200);
    }
  });
});

describe('exports', () => {
  it('refuse a bad filter with 400 before the first byte (drivers, contracts, ledger)', async () => {
    for (const day of ['0000-01-01', '9999-12-31']) {
      const drivers = await t.request('POST', '/api/ccwadmin/rentDriver/exportDriver', {
        as: 'admin',
        body: { licenceExpiryTo: day },
      });
      expectDateRefused(drivers, 'licenceExpiryTo', `drivers ${day}`);
      const contracts = await t.request('POST', `${C}/exportContract`, { as: 'admin', body: { startTo: day } });
      expectDateRefused(contracts, 'startTo', `contracts ${day}`);
      for (const field of ['from', 'to']) {
        const ledger = await t.request('POST', '/api/ccwadmin/balance/ledger/export', {
          as: 'admin',
          body: { [field]: day },
        });
        expectDateRefused(ledger, field, `ledger ${field} ${day}`);
      }
    }
  });

  it('answer an error of the first page as an error, not as a 200 cut short', async () => {
    const app = Fastify();
    app.get('/x', async (_req, reply) => {
      // The first page's query fails (as a bad filter did in the database).
      async function* rows(): AsyncGenerator<{ a: string }> {
        const page: { a: string }[] = await Promise.reject(
          Object.assign(new Error('the first page failed'), { statusCode: 400 }),
        );
        yield* page;
      }
      return sendXlsx(reply, 'x.xlsx', 'x', [{ header: 'A', value: (r: { a: string }) => r.a }], rows());
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    await app.close();
  });

  it('still stream a valid filter', async () => {
    const res = await t.request('POST', '/api/ccwadmin/rentDriver/exportDriver', {
      as: 'admin',
      body: { licenceExpiryFrom: '1900-01-01', licenceExpiryTo: '2200-12-31' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('integers bounded to their column', () => {
  it('refuses a line version of 2^31 (an integer column) in a waive and a collection', async () => {
    const line = await openLine();
    const waive = await t.request('POST', `${C}/waive/${line.id}`, {
      as: 'admin',
      body: { reason: 'x', version: 2 ** 31 },
    });
    expect(waive.statusCode).toBe(400);
    expect(waive.json().errors[0].path).toBe('version');
    const collect = await t.request('POST', `${C}/collect/${line.id}`, {
      as: 'admin',
      body: { amount: 1, accountId: 1, version: 2 ** 31 },
    });
    expect(collect.statusCode).toBe(400);
    expect(collect.json().errors[0].path).toBe('version');
  });

  it('refuses a page number past any list', async () => {
    const res = await t.request('POST', '/api/ccwadmin/rentDriver/list', { as: 'admin', body: { pageNum: 2 ** 53 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('pageNum');
  });
});

describe('deep nesting', () => {
  function nested(depth: number, leaf: unknown): unknown {
    let v = leaf;
    for (let i = 0; i < depth; i++) v = { a: v };
    return v;
  }

  it('refuses a saved filter nested deeper than 32 levels, with a NUL at the bottom or not', async () => {
    for (const leaf of ['a\u0000b', 'fine']) {
      const res = await t.request('POST', '/api/ccwadmin/filter/save/rentDriver', {
        as: 'admin',
        lang: 'en-US',
        body: { name: 'deep', filter: nested(40, leaf) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: `filter${'.a'.repeat(31)}`, message: 'The data nests too deep (at most 32 levels)' },
      ]);
    }
  });

  it('keeps taking a nested filter within the limit', async () => {
    const res = await t.request('POST', '/api/ccwadmin/filter/save/rentDriver', {
      as: 'admin',
      body: { name: 'nested', filter: nested(5, 'x') },
    });
    expect(res.statusCode).toBe(200);
  });
});
