import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Insurer } from '@fleetdesk/contracts/compliance';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SLOW = { timeout: 20_000 };
const FIRST = { timeout: 90_000 };
const paged = (rows: unknown[]) => ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 });

const INSURERS: Insurer[] = [
  {
    id: 1,
    code: 'picc',
    name: '中国人民财产保险股份有限公司',
    shortName: '人保财险',
    nameEn: 'PICC Property and Casualty',
    enabled: true,
  },
  {
    id: 2,
    code: 'dubon',
    name: '都邦财产保险股份有限公司',
    shortName: '都邦保险',
    nameEn: 'Dubon Property Insurance',
    enabled: false,
  },
  {
    id: 3,
    code: 'c-0123456789',
    name: '中原农业保险股份有限公司',
    shortName: '中原农险',
    nameEn: 'Zhongyuan Agricultural Insurance',
    enabled: true,
  },
];

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the insurers drawer of the insurance tab', () => {
  it('lets an editor add an insurer (server field errors on the form) and disable one', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      'GET /api/ccwadmin/rentCar/insurance/policy/list': () => paged([]),
      'GET /api/ccwadmin/rentCar/insurance/company': () => ok(INSURERS),
      'POST /api/ccwadmin/rentCar/insurance/company/create': (req) =>
        (req.body as { name: string }).name === '中国人民财产保险股份有限公司'
          ? {
              status: 400,
              body: {
                status: 400,
                message: 'An insurer of this name exists already',
                errors: [{ path: 'name', message: 'An insurer of this name exists already' }],
              },
            }
          : ok({ ...INSURERS[2], id: 4, ...(req.body as object) }),
      'PUT /api/ccwadmin/rentCar/insurance/company/enable/:id': (req) =>
        ok({ ...INSURERS[0], ...(req.body as object) }),
    });
    renderApp('/rentCar/insurance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Insurers/ }, FIRST));
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(drawer).findByText('中原农险', {}, SLOW)).toBeInTheDocument();
    expect(within(drawer).getByText('Own')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: /Add an insurer/ }));
    await screen.findByLabelText('Full name', {}, SLOW);
    const form = screen.getAllByRole('dialog').at(-1)!;
    await user.type(within(form).getByLabelText('Full name'), '中国人民财产保险股份有限公司');
    await user.type(within(form).getByLabelText('Short name'), '人保二');
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    expect(await within(form).findByText('An insurer of this name exists already', {}, SLOW)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Full name'));
    await user.type(within(form).getByLabelText('Full name'), '测试互助保险社');
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.calls('POST', '/api/ccwadmin/rentCar/insurance/company/create')).toHaveLength(2));
    expect(server.calls('POST', '/api/ccwadmin/rentCar/insurance/company/create')[1]!.body).toEqual({
      name: '测试互助保险社',
      shortName: '人保二',
    });

    await user.click(within(drawer).getByRole('switch', { name: 'In use 人保财险' }));
    await waitFor(() =>
      expect(server.calls('PUT', '/api/ccwadmin/rentCar/insurance/company/enable/1')[0]?.body).toEqual({
        enabled: false,
      }),
    );
  }, 180_000);

  it('shows a reader the insurers without the add button or the switches', async () => {
    signedIn();
    sessionServer(CLERK, {
      'GET /api/ccwadmin/rentCar/insurance/policy/list': () => paged([]),
      'GET /api/ccwadmin/rentCar/insurance/company': () => ok(INSURERS),
    });
    renderApp('/rentCar/insurance');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Insurers/ }, FIRST));
    const drawer = await screen.findByRole('dialog', {}, SLOW);
    expect(await within(drawer).findByText('都邦保险', {}, SLOW)).toBeInTheDocument();
    expect(within(drawer).getByText('Disabled')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Add an insurer/ })).toBeNull();
    expect(within(drawer).queryAllByRole('switch')).toHaveLength(0);
  }, 180_000);
});
