import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportHeader } from '@fleetdesk/contracts/excel-import';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, FIRST, orgRoutes, SLOW } from './org-fixtures';

const EXCEL = `${API}/excel/data`;
const HEADER: ImportHeader = {
  type: 'employee',
  title: 'Employees',
  maxRows: 20000,
  syncMaxRows: 500,
  extra: null,
  columns: [
    {
      key: 'name',
      title: 'Name',
      titleZh: '姓名',
      titleEn: 'Name',
      required: true,
      example: 'Li Na',
      description: null,
      values: null,
    },
    {
      key: 'phone',
      title: 'Mobile phone',
      titleZh: '手机号',
      titleEn: 'Mobile phone',
      required: true,
      example: '13900000011',
      description: 'Gets the SMS invitation',
      values: null,
    },
  ],
} as ImportHeader;

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('employee import and export', () => {
  it('imports through the shared wizard (type employee, no target) and exports with the filters on screen', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      orgRoutes({
        [`GET ${EXCEL}/dynamic/table/header/employee`]: () => ok(HEADER),
        [`POST ${EXCEL}/check/employee/data`]: () =>
          ok({ total: 2, valid: 2, invalid: 0, errors: [], warnings: [], truncated: false, unknownColumns: [] }),
        [`POST ${EXCEL}/import/employee/data`]: () =>
          ok({ mode: 'sync', total: 2, imported: 2, failed: 0, errors: [], warnings: [], truncated: false }),
        [`POST ${API}/employee/export`]: () => ({ file: 'PK', contentType: 'application/octet-stream' }),
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:employees');
    URL.revokeObjectURL = vi.fn();
    renderApp('/oa/depart/2?keyword=li&status=active');
    const user = userEvent.setup();
    expect(await screen.findByText('Li Na', {}, FIRST)).toBeInTheDocument();

    await user.click(screen.getByText('Export'));
    await waitFor(() => expect(server.calls('POST', `${API}/employee/export`)).toHaveLength(1), SLOW);
    const exported = server.calls('POST', `${API}/employee/export`)[0]!.body as Record<string, unknown>;
    expect({ ...exported, departmentId: String(exported.departmentId) }).toEqual({
      keyword: 'li',
      status: 'active',
      departmentId: '2',
    });

    await user.click(screen.getByText('Import employees'));
    const wizard = (
      await screen.findByText('Import employees', { selector: '.ant-modal-title' }, SLOW)
    ).closest<HTMLElement>('.ant-modal')!;
    expect(await within(wizard).findByText('Gets the SMS invitation', {}, SLOW)).toBeInTheDocument();
    await user.upload(
      wizard.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['PK'], 'staff.xlsx', { type: 'application/octet-stream' }),
    );
    await user.click(within(wizard).getByText('Check the file'));
    expect(await within(wizard).findByText('All 2 rows are valid', {}, SLOW)).toBeInTheDocument();
    await user.click(within(wizard).getByText('Import 2 valid rows'));
    expect(await within(wizard).findByText('2 employees imported', {}, SLOW)).toBeInTheDocument();
    expect(server.calls('POST', `${EXCEL}/import/employee/data`)).toHaveLength(1);
  }, 120_000);
});
