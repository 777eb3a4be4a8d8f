import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { fakeServer, ok } from '../../../test/fake-server';
import { signedIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AddViolationDialog } from '../components/add-dialog';
import '../i18n';

const SLOW = { timeout: 20_000 };
const B = '/api/ccwadmin';

beforeEach(() => signedIn());

describe('entering a paper ticket', () => {
  it('checks the fields before sending, then sends the ticket and closes (zh)', async () => {
    await setLanguage('zh-CN');
    const server = fakeServer({
      [`POST ${B}/rentCar/list`]: () =>
        ok({ rows: [{ id: 5, plate: '浙A12345' }], total: 1, pageNum: 1, pageSize: 50 }),
      [`POST ${B}/peccancyDetail/add`]: (req) =>
        ok({ id: 9, ...(req.body as object), driverId: 3, driverName: '李雷', plate: '浙A12345' }),
    });
    const onClose = vi.fn();
    renderWithProviders(<AddViolationDialog onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /保\s*存/ }, SLOW));
    expect(await screen.findByText('请填写违章地点', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('请填写违章行为')).toBeInTheDocument();
    expect(server.calls('POST', `${B}/peccancyDetail/add`)).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: '车辆' }));
    const option = await waitFor(() => {
      const o = document.querySelector<HTMLElement>('.ant-select-item-option');
      expect(o).not.toBeNull();
      return o!;
    }, SLOW);
    await user.click(option);
    const when = screen.getByLabelText('违章时间');
    await user.click(when);
    fireEvent.change(when, { target: { value: '2026-11-20 08:30' } });
    fireEvent.keyDown(when, { key: 'Enter', code: 'Enter' });
    await user.type(screen.getByLabelText('违章地点'), '杭州市文一西路');
    await user.type(screen.getByLabelText('违章行为'), '违反信号灯通行');
    await user.type(screen.getByLabelText('罚款（元）'), '200');
    const points = screen.getByLabelText('扣分');
    await user.clear(points);
    await user.type(points, '6');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.calls('POST', `${B}/peccancyDetail/add`)).toHaveLength(1), SLOW);
    const body = server.calls('POST', `${B}/peccancyDetail/add`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      carId: 5,
      place: '杭州市文一西路',
      offenceText: '违反信号灯通行',
      fine: 200,
      points: 6,
      violationNo: '',
    });
    expect(new Date(body.occurredAt as string).getTime()).toBe(new Date(2026, 10, 20, 8, 30).getTime());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 120_000);
});
