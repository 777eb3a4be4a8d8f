import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@fleetdesk/contracts/validation';
import type { CarType } from '@fleetdesk/contracts/vehicles';
import { setLanguage } from '../../../lib/i18n';
import { followedTasks, stopTaskNotices } from '../../../lib/task-notices';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { carType, HEADER, LIST, paged, vehicleRoutes } from './vehicles-fixtures';

const SLOW = { timeout: 20_000 };
const TWO_DECIMALS = VALIDATION_MESSAGES['v.twoDecimals']!['en-US'];
const CHECK = '/api/ccwadmin/excel/data/check/car/data';
const IMPORT = '/api/ccwadmin/excel/data/import/car/data';
const modal = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
const xlsxFile = (name: string) => new File(['PK'], name, { type: 'application/octet-stream' });

beforeEach(async () => {
  await setLanguage('en-US');
  stopTaskNotices();
});

describe('importing cars', () => {
  it('shows the columns, checks a file with errors, takes another, imports it and refreshes the list', async () => {
    signedIn();
    let checks = 0;
    const server = sessionServer(
      ADMIN,
      vehicleRoutes({
        'GET /api/ccwadmin/excel/data/dynamic/table/header/car': () => ok(HEADER),
        [`POST ${CHECK}`]: () => {
          checks += 1;
          return checks === 1
            ? ok({
                total: 3,
                valid: 1,
                invalid: 2,
                errors: [
                  { row: 2, column: 'plate', columnTitle: 'Plate', value: 'XX123', message: 'Enter a valid plate' },
                  { row: 4, column: null, columnTitle: null, value: null, message: 'The same as row 3' },
                ],
                warnings: [
                  {
                    row: 3,
                    column: 'vin',
                    columnTitle: 'VIN',
                    value: 'LSVAU2180N2183299',
                    message: 'The VIN check digit is wrong',
                  },
                ],
                truncated: false,
                unknownColumns: ['Colour code'],
              })
            : ok({ total: 3, valid: 3, invalid: 0, errors: [], warnings: [], truncated: false, unknownColumns: [] });
        },
        [`POST ${IMPORT}/:rentId`]: () =>
          ok({ mode: 'sync', total: 3, imported: 3, failed: 0, errors: [], warnings: [], truncated: false }),
      }),
    );
    renderApp('/rentCar');
    expect(await screen.findByText('浙A·D12345', {}, SLOW)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByText('Import cars'));
    const wizard = await modal('Import cars');
    expect(await within(wizard).findByText('浙A·D12345')).toBeInTheDocument();
    expect(within(wizard).getByText('Petrol / Electric')).toBeInTheDocument();
    const check = within(wizard).getByRole('button', { name: 'Check the file' });
    expect(check).toBeDisabled();

    const input = wizard.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, xlsxFile('cars.xlsx'));
    await user.click(check);
    expect(await within(wizard).findByText('Enter a valid plate', {}, SLOW)).toBeInTheDocument();
    const body = server.calls('POST', CHECK)[0]!.body as FormData;
    expect((body.get('file') as File).name).toBe('cars.xlsx');
    const plateRow = within(wizard).getByText('Enter a valid plate').closest('tr')!;
    expect(within(plateRow).getByText('XX123')).toBeInTheDocument();
    expect(within(plateRow).getByText('Plate')).toBeInTheDocument();
    expect(
      within(within(wizard).getByText('The same as row 3').closest('tr')!).getByText('Whole row'),
    ).toBeInTheDocument();
    expect(
      within(wizard).getByText(/These columns are not known and will be ignored: Colour code/),
    ).toBeInTheDocument();
    await user.click(within(wizard).getByText('Warnings (1)'));
    expect(await within(wizard).findByText('The VIN check digit is wrong')).toBeInTheDocument();

    // Fixed: another file, into the Shanghai company.
    await user.click(within(wizard).getByText('Choose another file'));
    await user.upload(wizard.querySelector<HTMLInputElement>('input[type=file]')!, xlsxFile('cars-fixed.xlsx'));
    await user.click(within(wizard).getByRole('combobox'));
    await user.click(await screen.findByText('Demo Rentals Shanghai'));
    await user.click(within(wizard).getByRole('button', { name: 'Check the file' }));
    expect(await within(wizard).findByText('All 3 rows are valid', {}, SLOW)).toBeInTheDocument();
    const listCalls = server.calls('POST', LIST).length;
    await user.click(within(wizard).getByRole('button', { name: 'Import 3 valid rows' }));
    expect(await within(wizard).findByText('3 cars imported', {}, SLOW)).toBeInTheDocument();
    expect((server.calls('POST', `${IMPORT}/8`)[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(server.calls('POST', LIST).length).toBeGreaterThan(listCalls), SLOW);
  }, 90_000);

  it('hands a large import to the task notifier', async () => {
    signedIn();
    sessionServer(
      ADMIN,
      vehicleRoutes({
        'GET /api/ccwadmin/excel/data/dynamic/table/header/car': () => ok(HEADER),
        [`POST ${CHECK}`]: () =>
          ok({ total: 800, valid: 800, invalid: 0, errors: [], warnings: [], truncated: false, unknownColumns: [] }),
        [`POST ${IMPORT}`]: () => ok({ mode: 'task', total: 800, taskId: 41, targetId: 'excelImport:9' }),
        'GET /api/ccwadmin/task/progress/get/:id': () => 'hang',
      }),
    );
    renderApp('/rentCar');
    const user = userEvent.setup();
    await user.click(await screen.findByText('Import cars', {}, SLOW));
    const wizard = await modal('Import cars');
    await user.upload(wizard.querySelector<HTMLInputElement>('input[type=file]')!, xlsxFile('fleet.xlsx'));
    await user.click(within(wizard).getByRole('button', { name: 'Check the file' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Import 800 valid rows' }, SLOW));
    expect(await within(wizard).findByText('800 rows are importing in the background', {}, SLOW)).toBeInTheDocument();
    expect(followedTasks()).toEqual([
      expect.objectContaining({ id: 41, targetId: 'excelImport:9', category: 3, total: 800 }),
    ]);
  }, 60_000);
});

describe('car types', () => {
  it('creates one with the contracts rules and tells why one in use cannot be deleted', async () => {
    signedIn();
    let rows: CarType[] = [carType()];
    const server = sessionServer(
      ADMIN,
      vehicleRoutes({
        'GET /api/ccwadmin/rentCarType/list': () => paged(rows),
        'POST /api/ccwadmin/rentCarType/create': (req) => {
          const created = carType({ id: 9, cars: 0, ...(req.body as Partial<CarType>) });
          rows = [...rows, created];
          return ok(created);
        },
        'DELETE /api/ccwadmin/rentCarType/delete/:id': () => ({
          status: 409,
          body: { status: 30101, message: '12 cars have this type; change them first' },
        }),
      }),
    );
    renderApp('/rentCar/carTypes');
    expect(await screen.findByText('EV ride-hailing', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('¥4,800.00')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByText('New car type'));
    const dialog = await modal('New car type');
    await user.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(3), SLOW);
    await user.type(within(dialog).getAllByRole('textbox')[0]!, 'Economy');
    await user.type(within(dialog).getAllByRole('spinbutton')[0]!, '-5');
    await user.type(within(dialog).getAllByRole('spinbutton')[1]!, '3000.123');
    await user.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('At least 0')).toBeInTheDocument();
    expect(await within(dialog).findByText(TWO_DECIMALS)).toBeInTheDocument();
    expect(server.calls('POST', '/api/ccwadmin/rentCarType/create')).toHaveLength(0);
    await user.clear(within(dialog).getAllByRole('spinbutton')[0]!);
    await user.type(within(dialog).getAllByRole('spinbutton')[0]!, '2600');
    await user.clear(within(dialog).getAllByRole('spinbutton')[1]!);
    await user.type(within(dialog).getAllByRole('spinbutton')[1]!, '3000.5');
    // The GPS speed limit of the type: optional, 1-300 km/h.
    await user.type(within(dialog).getAllByRole('spinbutton')[2]!, '500');
    await user.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('A speed limit is a whole number of 1 to 300 km/h')).toBeInTheDocument();
    await user.clear(within(dialog).getAllByRole('spinbutton')[2]!);
    await user.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(server.calls('POST', '/api/ccwadmin/rentCarType/create')).toHaveLength(1), SLOW);
    expect(server.calls('POST', '/api/ccwadmin/rentCarType/create')[0]!.body).toEqual({
      carTypeName: 'Economy',
      monthlyRent: 2600,
      deposit: 3000.5,
      overspeedKmh: null,
      remark: null,
    });
    expect(await screen.findByText('Economy')).toBeInTheDocument();

    await user.click(within(screen.getByText('EV ride-hailing').closest('tr')!).getByText('Delete'));
    await user.click(await screen.findByText('OK'));
    expect(await screen.findByText('12 cars have this type; change them first', {}, SLOW)).toBeInTheDocument();
  }, 90_000);
});
