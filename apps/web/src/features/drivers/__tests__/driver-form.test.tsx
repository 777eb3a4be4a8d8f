import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DRIVER_VALIDATION_MESSAGES } from '@fleetdesk/contracts/drivers';
import { withIdCardCheckDigit } from '@fleetdesk/contracts/identifiers';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { driver, driverRoutes, SLOW } from './driver-fixtures';

const ADD = '/api/ccwadmin/rentDriver/add';
const ID = withIdCardCheckDigit('33010619850307441');
const BAD_ID = ID.slice(0, 17) + (ID[17] === '1' ? '2' : '1');

async function fillBasics(values: { name?: string; id?: string; phone?: string }) {
  // The person's name is the first "name" of the form (the emergency contact has one too).
  fireEvent.change((await screen.findAllByRole('textbox', { name: /^(姓名|Name)$/ }, SLOW))[0]!, {
    target: { value: values.name ?? '王建国' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: /身份证号|ID number/ }), { target: { value: values.id ?? ID } });
  fireEvent.change(screen.getByRole('textbox', { name: /^(手机号|Phone)$/ }), {
    target: { value: values.phone ?? '13957100001' },
  });
}

async function pick(label: RegExp, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getAllByRole('combobox', { name: label })[0]!);
  await user.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }, SLOW));
}

describe('the driver form', () => {
  beforeEach(async () => {
    await setLanguage('zh-CN');
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`checks the ID check digit, the phone and the gender against the ID number (${lang})`, async () => {
      await setLanguage(lang);
      const m = (key: keyof typeof DRIVER_VALIDATION_MESSAGES) => DRIVER_VALIDATION_MESSAGES[key][lang];
      signedIn();
      const server = sessionServer(ADMIN, driverRoutes([driver()]));
      renderApp('/rentDriver/new');
      await fillBasics({ id: BAD_ID, phone: '1234' });
      expect(await screen.findByText(m('v.idCardNumber'), {}, SLOW)).toBeInTheDocument();
      expect(
        await screen.findByText(lang === 'zh-CN' ? '请输入正确的手机号码' : 'Enter a valid mobile number'),
      ).toBeInTheDocument();

      // A valid number tells the birth date and the gender; a gender it contradicts is refused on save.
      fireEvent.change(screen.getByRole('textbox', { name: /身份证号|ID number/ }), { target: { value: ID } });
      fireEvent.change(screen.getByRole('textbox', { name: /^(手机号|Phone)$/ }), { target: { value: '13957100001' } });
      expect(
        await screen.findByText(
          lang === 'zh-CN' ? /按身份证号：1985-03-07，男/ : /From the ID number: 1985-03-07, Male/,
          {},
          SLOW,
        ),
      ).toBeInTheDocument();
      await pick(/性别|Gender/, lang === 'zh-CN' ? '女' : 'Female');
      await userEvent.setup().click(screen.getByRole('button', { name: lang === 'zh-CN' ? '保存' : 'Save' }));
      expect(await screen.findByText(m('v.idGender'), {}, SLOW)).toBeInTheDocument();
      expect(server.calls('POST', ADD)).toHaveLength(0);
    }, 60_000);
  }

  it('checks the licence dates and the certificate, then sends the driver and shows server field errors', async () => {
    await setLanguage('en-US');
    signedIn();
    const server = sessionServer(
      ADMIN,
      driverRoutes([driver()], {
        [`POST ${ADD}`]: () => ({
          status: 400,
          body: {
            status: 400,
            message: 'invalid',
            errors: [{ path: 'phone', message: 'Phone 13957100001 is already used by driver "李明"' }],
          },
        }),
      }),
    );
    renderApp('/rentDriver/new');
    await fillBasics({});
    await pick(/Gender/, 'Male');
    fireEvent.change(screen.getByRole('textbox', { name: /^Number$/ }), { target: { value: '330100202300001' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(DRIVER_VALIDATION_MESSAGES['v.certificateExpiry']['en-US'], {}, SLOW),
    ).toBeInTheDocument();
    expect(server.calls('POST', ADD)).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /^Number$/ }), { target: { value: '' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', ADD)).toHaveLength(1));
    expect(server.calls('POST', ADD)[0]!.body).toMatchObject({
      name: '王建国',
      idNumber: ID,
      gender: 'male',
      labelIds: [],
    });
    expect(await screen.findByText('Phone 13957100001 is already used by driver "李明"', {}, SLOW)).toBeInTheDocument();
  }, 60_000);

  it('fills gender, birth date and licence number from a valid ID number; Enter in a date picker does not submit', async () => {
    await setLanguage('zh-CN');
    signedIn();
    const server = sessionServer(ADMIN, driverRoutes([driver()]));
    renderApp('/rentDriver/new');
    await fillBasics({});
    const birth = (await screen.findByLabelText('出生日期', {}, SLOW)) as HTMLInputElement;
    await waitFor(() => expect(birth.value).toBe('1985-03-07'));
    expect(screen.getAllByRole('combobox', { name: /性别/ })[0]!.closest('.ant-select')).toHaveTextContent('男');
    expect((screen.getByRole('textbox', { name: /驾驶证号/ }) as HTMLInputElement).value).toBe(ID);

    // Enter confirms the date typed in the picker; the form is not sent.
    const user = userEvent.setup();
    await user.click(birth);
    await user.keyboard('{Enter}');
    await new Promise((r) => setTimeout(r, 300));
    expect(server.calls('POST', ADD)).toHaveLength(0);
  }, 60_000);

  it('fills itself from an ID card photo and keeps the photo', async () => {
    await setLanguage('en-US');
    signedIn();
    const server = sessionServer(
      ADMIN,
      driverRoutes([driver()], {
        'POST /api/tool/oss/upload/license': () =>
          ok({
            url: '/api/tool/oss/file/t1/license/a.png',
            signedUrl: '/api/tool/oss/file/t1/license/a.png?sig=1',
            name: 'a.png',
            size: 10,
          }),
        'POST /api/ccwadmin/ocr/recognition': () =>
          ok({
            type: 'idCard',
            side: 'front',
            provider: 'sandbox',
            sandbox: true,
            fields: {},
            idCard: {
              name: '陈静',
              gender: 'female',
              nation: '汉',
              birthDate: '1995-05-20',
              address: '杭州',
              idNumber: ID,
              issuer: null,
              validFrom: null,
              validTo: null,
            },
            drivingLicence: null,
            idNumberValid: true,
            plateValid: null,
            vinValid: null,
            brandId: null,
            brandName: null,
          }),
      }),
    );
    renderApp('/rentDriver/new');
    const button = await screen.findByTestId('ocr-idFront', {}, SLOW);
    const input = button.closest('.ant-upload')!.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.setup().upload(input, new File(['x'], 'id.png', { type: 'image/png' }));
    expect(await screen.findByText('5 fields filled', {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: /^Name$/ })[0]).toHaveValue('陈静');
    expect(screen.getByRole('textbox', { name: /ID number/ })).toHaveValue(ID);
    expect(server.calls('POST', '/api/ccwadmin/ocr/recognition')[0]!.body).toMatchObject({
      type: 'idCard',
      side: 'front',
    });
    expect(screen.getAllByRole('img', { name: 'ID card, portrait side' }).length).toBeGreaterThan(0);
  }, 60_000);
});
