import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportHeader } from '@fleetdesk/contracts/excel-import';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const FIRST = { timeout: 60_000 };
const SLOW = { timeout: 10_000 };
const T = '/api/ccwadmin/oa/attendance';
const EXCEL = '/api/ccwadmin/excel/data';

const HEADER = {
  type: 'attendance',
  title: '打卡记录',
  maxRows: 20000,
  syncMaxRows: 500,
  extra: null,
  columns: [
    {
      key: 'employee',
      title: '员工',
      titleZh: '员工',
      titleEn: 'Employee',
      required: true,
      example: 'liuyang',
      description: '用户名或手机号',
      values: null,
    },
    {
      key: 'clockOut',
      title: '下班时间',
      titleZh: '下班时间',
      titleEn: 'Clock-out',
      required: false,
      example: '18:05',
      description: null,
      values: null,
    },
  ],
} as ImportHeader;

const empty = { rows: [], total: 0, pageNum: 1, pageSize: 20 };

describe('attendance import', () => {
  it('imports clock records through the shared wizard in Chinese, showing the refused rows', async () => {
    await setLanguage('zh-CN');
    signedIn();
    const issue = {
      row: 3,
      column: 'clockOut',
      columnTitle: '下班时间',
      value: '09:00',
      message: '下班时间须晚于上班时间',
    };
    const s = sessionServer(ADMIN, {
      [`GET ${T}/record/list`]: () => ok(empty),
      [`GET ${EXCEL}/dynamic/table/header/attendance`]: () => ok(HEADER),
      [`POST ${EXCEL}/check/attendance/data`]: () =>
        ok({ total: 2, valid: 1, invalid: 1, errors: [issue], warnings: [], truncated: false, unknownColumns: [] }),
      [`POST ${EXCEL}/import/attendance/data`]: () =>
        ok({ mode: 'sync', total: 2, imported: 1, failed: 1, errors: [issue], warnings: [], truncated: false }),
    });
    renderApp('/oaAttendance?tab=records');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /导入打卡记录/ }, FIRST));
    const wizard = (
      await screen.findByText('导入打卡记录', { selector: '.ant-modal-title' }, SLOW)
    ).closest<HTMLElement>('.ant-modal')!;
    expect(await within(wizard).findByText('用户名或手机号', {}, SLOW)).toBeInTheDocument();
    await user.upload(
      wizard.querySelector<HTMLInputElement>('input[type=file]')!,
      new File(['PK'], '考勤机.xlsx', { type: 'application/octet-stream' }),
    );
    await user.click(within(wizard).getByText('校验文件'));
    expect(await within(wizard).findAllByText('下班时间须晚于上班时间', {}, SLOW)).not.toHaveLength(0);
    await user.click(within(wizard).getByText('导入 1 行有效数据'));
    expect(await within(wizard).findByText('已导入 1 天的打卡记录', {}, SLOW)).toBeInTheDocument();
    expect(s.calls('POST', `${EXCEL}/import/attendance/data`)).toHaveLength(1);
    // The records are read again after the import.
    await waitFor(() => expect(s.calls('GET', `${T}/record/list`).length).toBeGreaterThan(1));
  }, 120_000);

  it('offers no import without oaAttendance:import', async () => {
    await setLanguage('en-US');
    signedIn();
    sessionServer(
      { menus: ['oaAttendance'], elements: ['oaAttendance:view'] },
      { [`GET ${T}/record/list`]: () => ok(empty) },
    );
    renderApp('/oaAttendance?tab=records');
    expect(await screen.findByText('No clock records', {}, FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import records/ })).toBeNull();
  }, 120_000);
});
