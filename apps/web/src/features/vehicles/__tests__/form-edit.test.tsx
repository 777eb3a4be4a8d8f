import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { carDetail, carRoutes, SLOW } from './detail-fixtures';

const image = (id: number, kind: 'front' | 'interior', sort: number) => ({
  id,
  kind,
  url: `/api/tool/oss/file/t3/car/${id}.jpg`,
  signedUrl: `/signed/${id}.jpg`,
  sort,
});

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('editing a car', () => {
  it('sends the fields, then the photos removed, the new order and the keys remark, and opens the car', async () => {
    signedIn();
    const car = carDetail({ images: [image(11, 'front', 0), image(12, 'interior', 1), image(13, 'interior', 2)] });
    const server = sessionServer(
      ADMIN,
      carRoutes({
        'GET /api/ccwadmin/rentCar/1': () => ok(car),
        'PUT /api/ccwadmin/rentCar/update/1': () => ok(car),
        'POST /api/ccwadmin/rentCar/delete/img': () => ok([]),
        'POST /api/ccwadmin/rentCar/edit/img': () => ok([]),
        'POST /api/ccwadmin/rentCar/update/car/key/info': () => ok(car),
      }),
    );
    renderApp('/rentCar/car/1/edit');
    const mileage = await screen.findByLabelText('Mileage (km)', {}, SLOW);
    await waitFor(() => expect(mileage).toHaveValue('48210'));
    fireEvent.change(mileage, { target: { value: '50000' } });
    fireEvent.change(screen.getByLabelText('Key remark'), { target: { value: 'Spare key at the office' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove the Front photo' }));
    const interior = screen.getByRole('region', { name: 'Interior' });
    await user.click(within(interior).getAllByRole('button', { name: 'Move later' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/rentCar\/car\/1$/), SLOW);
    const update = server.calls('PUT', '/api/ccwadmin/rentCar/update/1')[0]!.body as Record<string, unknown>;
    expect(update).toMatchObject({ plate: '浙AD12345', mileageKm: 50000, energy: 'electric', batteryKwh: 57.6 });
    expect(update).not.toHaveProperty('status');
    expect(update).not.toHaveProperty('images');
    expect(server.calls('POST', '/api/ccwadmin/rentCar/delete/img')[0]!.body).toEqual({ carId: 1, ids: [11] });
    expect(server.calls('POST', '/api/ccwadmin/rentCar/edit/img')[0]!.body).toEqual({
      carId: 1,
      images: [
        { kind: 'interior', url: '/api/tool/oss/file/t3/car/13.jpg' },
        { kind: 'interior', url: '/api/tool/oss/file/t3/car/12.jpg' },
      ],
    });
    expect(server.calls('POST', '/api/ccwadmin/rentCar/update/car/key/info')[0]!.body).toEqual({
      carId: 1,
      keyCount: 2,
      keyLocation: 'Cabinet A',
      keyRemark: 'Spare key at the office',
    });
    // No licence was read on the form: nothing to bind.
    expect(server.calls('POST', '/api/ccwadmin/rentCar/bind/license')).toHaveLength(0);
  });
});
