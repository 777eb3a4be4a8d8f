import { expect, test } from '@playwright/test';
import { apiCall as call, signedContract } from '../support/api';
import { authFile } from '../support/global-setup';
import { apiSignIn, BASIC } from '../support/server';

/**
 * The handover of a contract's car against the real server: a contract signed through the API, then on its page
 * the dispatch wizard (mileage, a damage mark on the car outline with a photo), the return wizard (a damage mark
 * and its deduction), the settlement with the return's damage as repair sent for approval, approved by the flow's
 * approver, and the settlement statement downloaded as PDF. During the rental a paper ticket entered through the
 * API is attributed to the driver (seen on the violations page); after the approval the deposit refund is paid
 * and its receipt (refund voucher) downloaded from the payments tab; the statement is kept with the contract.
 */
test.use({ storageState: authFile('admin') });

/** A one-pixel PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3f1d6f60000000049454e44ae426082',
  'hex',
);

test('dispatch with a photo, a paper ticket attributed, return with damage, settle through approval, refund and its receipt, download the statement', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = (await apiSignIn(request, 'admin')).access_token;
  const contractId = await signedContract(request, token);
  const accounts = await call<{ id: number }[]>(request, token, 'GET', 'rentContract/accounts');
  const state = await call<{ lastMileage: number }>(request, token, 'GET', `rentContract/inspections/${contractId}`);
  const km = state.body.data.lastMileage;

  // The settlement flow: one step, 王慧 (not the applicant).
  const flows = await call<{ id: number; businessType: string }[]>(request, token, 'GET', 'oa/approval/flow/list');
  const flow = flows.body.data.find((f) => f.businessType === 'settlement')!;
  const staff = await call<{ rows: { id: number; username: string }[] }>(
    request,
    token,
    'GET',
    'employee/list?status=active&pageSize=500',
  );
  const approver = staff.body.data.rows.find((u) => u.username === 'wanghui')!;
  const set = await call(request, token, 'PUT', `oa/approval/flow/update/${flow.id}`, {
    businessType: 'settlement',
    name: '退租结算审批',
    steps: [
      {
        name: '财务',
        kind: 'user',
        userIds: [approver.id],
        roleId: null,
        mode: 'any',
        amountAbove: null,
        amountUpTo: null,
      },
    ],
    copyUserIds: [],
  });
  expect(set.status, set.body.message).toBe(200);

  // Dispatch: mileage, a mark on the front with a photo.
  await page.goto(`/rentContract/detail/${contractId}?tab=handover`);
  await page.getByRole('button', { name: /^发\s?车$/ }).click();
  const wizard = page.getByRole('dialog');
  await wizard.getByLabel('里程（公里）').fill(String(km + 20));
  await wizard.getByRole('button', { name: '下一步' }).click();
  await wizard.getByRole('button', { name: '车头' }).click();
  await wizard.getByLabel('车损说明 1').fill('前保险杠划痕');
  await wizard.getByLabel('照片 1').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expect(wizard.getByAltText('前保险杠划痕')).toBeVisible();
  await wizard.getByRole('button', { name: '下一步' }).click();
  await expect(wizard.getByText('车头：前保险杠划痕（1 张照片）')).toBeVisible();
  await wizard.getByRole('button', { name: /^提\s?交$/ }).click();
  await expect(page.getByRole('button', { name: /^退\s?车$/ })).toBeVisible();
  await expect(page.locator('.fd-damage-list').getByText('前保险杠划痕')).toBeVisible();

  // During the rental a clerk enters a paper ticket: its driver comes from the car's usage period.
  const rented = await call<{ carId: number; plate: string; driverName: string }>(
    request,
    token,
    'GET',
    `rentContract/${contractId}`,
  );
  const ticketNo = `E2E${Date.now()}`;
  const ticket = await call<{ id: number; driverName: string | null }>(request, token, 'POST', 'peccancyDetail/add', {
    carId: rented.body.data.carId,
    occurredAt: new Date().toISOString(),
    place: '杭州市文一西路与古墩路交叉口',
    offenceCode: '1625',
    offenceText: '驾驶机动车违反道路交通信号灯通行',
    fine: 200,
    points: 6,
    violationNo: ticketNo,
  });
  expect(ticket.status, ticket.body.message).toBe(200);
  expect(ticket.body.data.driverName).toBe(rented.body.data.driverName);
  await page.goto(`/rentCar/violations?carId=${rented.body.data.carId}`);
  const ticketRow = page.locator('tr', { hasText: '驾驶机动车违反道路交通信号灯通行' }).first();
  await expect(ticketRow).toBeVisible();
  await expect(ticketRow.getByText(rented.body.data.driverName)).toBeVisible();
  await page.goto(`/rentContract/detail/${contractId}?tab=handover`);

  // Return: more mileage, a dented left side, 800 yuan of damage.
  await page.getByRole('button', { name: /^退\s?车$/ }).click();
  const back = page.getByRole('dialog');
  await back.getByLabel('里程（公里）').fill(String(km + 900));
  await back.getByLabel('车损扣款（元）').fill('800');
  await back.getByRole('button', { name: '下一步' }).click();
  await back.getByRole('button', { name: '左侧' }).click();
  await back.getByLabel('车损说明 1').fill('左前门凹陷');
  await back.getByRole('button', { name: '下一步' }).click();
  await back.getByRole('button', { name: /^提\s?交$/ }).click();
  await expect(page.locator('.fd-damage-list').getByText('左前门凹陷')).toBeVisible();

  // Settlement: the damage as repair, sent for approval.
  await page.getByRole('tab', { name: '退租结算' }).click();
  await expect(page.getByText('已收押金', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '计入维修费' }).click();
  await expect(page.getByTestId('settlement-result')).toHaveText('应退还司机押金 ¥4,200.00');
  await page.getByRole('button', { name: '提交审批' }).click();
  await expect(page.getByText('审批中')).toBeVisible();

  // 王慧 approves; the settlement is locked and the contract ends.
  const wanghui = await request.post('/api/auth/oauth/token', {
    headers: { Authorization: BASIC },
    form: { username: 'wanghui', password: 'Staff@123', grant_type: 'password', type: '1' },
  });
  const approverToken = ((await wanghui.json()) as { access_token: string }).access_token;
  const settlement = await call<{ approvalId: number }>(request, token, 'GET', `rentContract/settlement/${contractId}`);
  // A decision names the step it decides: the current one.
  const approval = await call<{ steps: { index: number; state: string }[] }>(
    request,
    approverToken,
    'GET',
    `oa/approval/request/${settlement.body.data.approvalId}`,
  );
  const decided = await call(
    request,
    approverToken,
    'POST',
    `oa/approval/request/decide/${settlement.body.data.approvalId}`,
    {
      decision: 'approved',
      comment: '同意退押金',
      step: approval.body.data.steps.find((s) => s.state === 'current')!.index,
    },
  );
  expect(decided.status, decided.body.message).toBe(200);
  await page.reload();
  await expect(page.getByText('已审批（已锁定）')).toBeVisible();
  // Future rents were still open: the contract ended as terminated early.
  const contract = await call<{ state: string }>(request, token, 'GET', `rentContract/${contractId}`);
  expect(contract.body.data.state).toBe('terminated');

  // The deposit refund is paid out, and its voucher downloaded from the payments tab.
  const afterApproval = await call<{ lineId: number }>(request, token, 'GET', `rentContract/settlement/${contractId}`);
  const lines = await call<{ id: number; version: number; state: string }[]>(
    request,
    token,
    'GET',
    `rentContract/lines/${contractId}`,
  );
  const refund = lines.body.data.find((l) => l.id === afterApproval.body.data.lineId)!;
  const paid = await call<{ state: string }>(request, token, 'POST', `rentContract/settlement/pay/${contractId}`, {
    accountId: accounts.body.data[0]!.id,
    version: refund.version,
  });
  expect(paid.status, paid.body.message).toBe(200);
  expect(paid.body.data.state).toBe('paid');
  await page.reload();
  await page.getByRole('tab', { name: '收款记录' }).click();
  const refundRow = page.locator('tr', { hasText: '退押金' }).first();
  const [voucher] = await Promise.all([
    page.waitForEvent('download'),
    refundRow.getByRole('button', { name: /^收\s?据$/ }).click(),
  ]);
  expect(voucher.suggestedFilename()).toMatch(/^收据-.+\.pdf$/);

  // The settlement statement as PDF from the documents tab.
  await page.getByRole('tab', { name: '合同附件' }).click();
  const row = page.locator('.fd-contract-documents .ant-list-item', { hasText: '退租结算单' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: /^下\s?载$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^退租结算单-.+\.pdf$/);
  // Kept with the contract at the approval.
  await expect(page.locator('.fd-contract-attachments').getByText(/退租结算单 · 第 1 版/)).toBeVisible();
});
