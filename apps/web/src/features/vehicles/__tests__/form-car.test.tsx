import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { withVinCheckDigit } from '@fleetdesk/contracts/identifiers';
import { VEHICLE_VALIDATION_MESSAGES } from '@fleetdesk/contracts/vehicles';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, CLERK, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { carDetail, carRoutes, SLOW } from './detail-fixtures';

const ADD = '/api/ccwadmin/rentCar/add';
const msg = (key: keyof typeof VEHICLE_VALIDATION_MESSAGES) => VEHICLE_VALIDATION_MESSAGES[key]['en-US'];
const VIN = withVinCheckDigit('LSVAU2180N2183294');
/** The same VIN with another check digit. */
const BAD_VIN = VIN.slice(0, 8) + (VIN[8] === '1' ? '2' : '1') + VIN.slice(9);

beforeEach(async () => {
  await setLanguage('en-US');
});

async function pick(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }, SLOW));
}

describe('the car form', () => {
  it('checks the plate, the VIN check digit and the energy rules of the contracts', async () => {
    signedIn();
    const server = sessionServer(ADMIN, carRoutes());
    renderApp('/rentCar/car/new');
    const plate = await screen.findByLabelText('Plate', {}, SLOW);
    fireEvent.change(plate, { target: { value: 'ABC123' } });
    fireEvent.change(screen.getByLabelText('VIN'), { target: { value: BAD_VIN } });
    expect(await screen.findByText(msg('v.plate'), {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText(msg('v.vinCheckDigit'))).toBeInTheDocument();

    // Battery and range belong to electric and hybrid cars only.
    expect(screen.queryByLabelText('Battery (kWh)')).not.toBeInTheDocument();
    await pick('Energy', 'Electric');
    expect(await screen.findByLabelText('Battery (kWh)')).toBeInTheDocument();
    expect(screen.getByLabelText('Range (km)')).toBeInTheDocument();
    await pick('Energy', 'Petrol');
    await waitFor(() => expect(screen.queryByLabelText('Battery (kWh)')).not.toBeInTheDocument());

    // A green plate on a petrol car: the schema's cross-field rule speaks on save, nothing is sent.
    fireEvent.change(plate, { target: { value: '浙A·D12345' } });
    fireEvent.change(screen.getByLabelText('VIN'), { target: { value: VIN } });
    await waitFor(() => expect(screen.queryByText(msg('v.plate'))).not.toBeInTheDocument());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(msg('v.plateEnergy'))).toBeInTheDocument();
    expect(server.calls('POST', ADD)).toHaveLength(0);
  });

  it('fills itself from a licence photo and keeps the photo as the licence page', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      carRoutes({
        'POST /api/tool/oss/upload/license': () =>
          ok({
            url: '/api/tool/oss/file/t3/license/a.jpg',
            signedUrl: '/signed/a.jpg',
            name: 'a.jpg',
            size: 10,
            contentType: 'image/jpeg',
          }),
        'POST /api/ccwadmin/ocr/recognition': () =>
          ok({
            type: 'vehicleLicense',
            side: 'front',
            provider: 'sandbox',
            sandbox: true,
            fields: {
              plate: '浙AD77777',
              vehicleType: '小型轿车',
              owner: 'Hangzhou Fleet Ltd',
              address: null,
              useCharacter: '租赁',
              model: '比亚迪牌BYD7152',
              vin: VIN,
              engineNo: 'BYD-4411',
              registrationDate: '2023-05-06',
              issueDate: '2023-05-06',
              issuer: null,
              fileNo: null,
              seats: null,
              inspectionValidUntil: null,
              energyText: '纯电动',
            },
            plateValid: true,
            vinValid: true,
            brandId: 3,
            brandName: '比亚迪',
          }),
      }),
    );
    renderApp('/rentCar/car/new');
    const user = userEvent.setup();
    const reader = (await screen.findByText('Read licence main page', {}, SLOW)).closest('.fd-car-ocr')!;
    const input = reader.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['licence'], 'licence.jpg', { type: 'image/jpeg' }));

    expect(await screen.findByText(/^Filled 6 fields from the licence/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText('Plate')).toHaveValue('浙AD77777');
    expect(screen.getByLabelText('VIN')).toHaveValue(VIN);
    expect(screen.getByLabelText('Engine no.')).toHaveValue('BYD-4411');
    expect(screen.getByText('Sandbox')).toBeInTheDocument();
    expect(screen.getByText('The licence owner “Hangzhou Fleet Ltd” is not registered yet')).toBeInTheDocument();
    expect(screen.getByAltText('Licence, main page 1')).toBeInTheDocument();
    const ocr = server.calls('POST', '/api/ccwadmin/ocr/recognition')[0]!;
    expect(ocr.body).toEqual({ type: 'vehicleLicense', side: 'front', url: '/api/tool/oss/file/t3/license/a.jpg' });
    const energy = screen.getByRole('combobox', { name: 'Energy' }).closest('.ant-select')!;
    expect(within(energy as HTMLElement).getByText('Electric')).toBeInTheDocument();
  });

  it('loads series for the brand chosen, then models, and shows the server field errors on the fields', async () => {
    signedIn();
    const server = sessionServer(
      ADMIN,
      carRoutes({
        [`POST ${ADD}`]: () => ({
          status: 409 - 9,
          body: {
            status: 400,
            message: 'Bad request',
            errors: [{ path: 'seriesId', message: 'No such series of this brand' }],
          },
        }),
      }),
    );
    renderApp('/rentCar/car/new');
    fireEvent.change(await screen.findByLabelText('Plate', {}, SLOW), { target: { value: '浙A12345' } });
    fireEvent.change(screen.getByLabelText('VIN'), { target: { value: VIN } });
    expect(screen.getByRole('combobox', { name: 'Series' })).toBeDisabled();
    await pick('Brand', 'Volkswagen (大众)');
    await pick('Series', 'Lavida');
    expect(server.calls('GET', '/api/ccwadmin/commonCar/serial/4')).toHaveLength(1);
    expect(server.calls('GET', '/api/ccwadmin/commonCar/serial/3')).toHaveLength(0);
    // Another brand clears the series.
    await pick('Brand', 'BYD (比亚迪)');
    await waitFor(() => expect(server.calls('GET', '/api/ccwadmin/commonCar/serial/3')).toHaveLength(1));
    await pick('Series', 'Qin PLUS');
    await pick('Model', '2024 EV 510km');
    // A model fills its energy and battery.
    expect(await screen.findByLabelText('Battery (kWh)')).toHaveValue('57.6');
    // The car goes to the company chosen, not only the one in use (Hangzhou).
    await pick('Rent', 'Demo Rentals Shanghai');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', ADD)).toHaveLength(1));
    expect(server.calls('POST', ADD)[0]!.headers.get('X-Rent-Id')).toBe('8');
    expect(server.calls('POST', ADD)[0]!.body).toMatchObject({
      plate: '浙A12345',
      vin: VIN,
      brandId: 3,
      seriesId: 30,
      modelId: 300,
      energy: 'electric',
      batteryKwh: 57.6,
      rangeKm: 510,
      status: 'idle',
      images: [],
    });
    expect(await screen.findByText('No such series of this brand')).toBeInTheDocument();
  });

  it('is refused to a user without rentCar:edit', async () => {
    signedIn();
    sessionServer(CLERK, carRoutes({ 'GET /api/ccwadmin/rentCar/1': () => ok(carDetail()) }));
    renderApp('/rentCar/car/1/edit');
    expect(
      await screen.findByText('You do not have this permission; ask your administrator.', {}, SLOW),
    ).toBeInTheDocument();
  });
});
