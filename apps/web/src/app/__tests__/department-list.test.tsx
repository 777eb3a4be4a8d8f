import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { OrganisationPaths } from '@fleetdesk/contracts/organisation';
import { useUpdateDepartment } from '../../features/organisation/api/update-department';
import { departmentsQuery } from '../../lib/organisation-lists';
import { createQueryClient } from '../../lib/query-client';
import { fakeServer, ok } from '../../test/fake-server';

const SRC = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === '__tests__' ? [] : sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the department list', () => {
  it('is asked for in one place only: lib/organisation-lists.ts (one query key for every screen)', () => {
    const callers = sources(SRC)
      .filter((f) => /OrganisationPaths\.departments\b(?!\w)/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f));
    expect(callers).toEqual([path.join('lib', 'organisation-lists.ts')]);
  });

  it('read by the shifts, attendance and approval-flow screens is refreshed by a rename in the address book', async () => {
    let name = 'Sales';
    const server = fakeServer({
      [`GET ${OrganisationPaths.departments}`]: () => ok([{ id: 7, parentId: null, name, sort: 0, employees: 2 }]),
      [`PUT ${OrganisationPaths.departmentUpdate}`]: (req) => {
        name = (req.body as { name: string }).name;
        return ok({ id: 7, parentId: null, name, sort: 0, employees: 2 });
      },
    });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // What the other screens read (the attendance and approval pages use departmentsQuery()).
    const list = renderHook(() => useQuery(departmentsQuery()), { wrapper });
    await waitFor(() => expect(list.result.current.data?.[0]?.name).toBe('Sales'));
    const rename = renderHook(() => useUpdateDepartment(), { wrapper });
    await act(() =>
      rename.result.current.mutateAsync({ id: 7, input: { name: 'Field sales', parentId: null, sort: 0 } }),
    );
    await waitFor(() => expect(list.result.current.data?.[0]?.name).toBe('Field sales'));
    expect(server.calls('GET', OrganisationPaths.departments)).toHaveLength(2);
  });
});
