import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { newLevelCode, nextLevel } from '../components/driver-levels-card';
import { permilleToPercent, RULE_DEFAULTS } from '../components/rules-form';
import { fieldFailure, RENT_ROWS, SLOW } from './fixtures';

const RULES = '/api/ccwadmin/setting/rules';

beforeEach(async () => {
  await setLanguage('en-US');
});

const save = () => within(form()).getByText('Save', { selector: 'button span' }).closest('button')!;
const form = () => document.querySelector<HTMLElement>('form[aria-label="Business rules"]')!;
const field = (label: string) => within(form()).getByLabelText(label);

describe('the business rules', () => {
  it('turns the daily late fee in per mille into a percentage', () => {
    expect(permilleToPercent(5)).toBe('0.5');
    expect(permilleToPercent(0.5)).toBe('0.05');
    expect(permilleToPercent(null)).toBe('0');
  });

  it('shows the defaults and sends the rules as changed (prefixes in capitals, empty ones left out)', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      [`GET ${RULES}`]: () => ok(RULE_DEFAULTS),
      'GET /api/ccwadmin/rent/list': () => ok(RENT_ROWS),
      [`PUT ${RULES}`]: (req) => ok(req.body),
      'GET /api/ccwadmin/oa/costCenter/list': () =>
        ok([
          {
            id: 3,
            parentId: null,
            kind: 'company',
            code: 'HQ',
            name: 'Head office',
            enabled: true,
            sort: 1,
            postedTotal: 0,
          },
          { id: 4, parentId: 3, kind: 'carGroup', code: 'CARS', name: 'Fleet', enabled: true, sort: 2, postedTotal: 0 },
          {
            id: 5,
            parentId: 3,
            kind: 'carGroup',
            code: 'OLD',
            name: 'Old fleet',
            enabled: false,
            sort: 3,
            postedTotal: 0,
          },
        ]),
    });
    renderApp('/oaSetting?tab=rules');
    await screen.findByText('Vehicle licences and certificates', {}, SLOW);
    expect(field('Vehicle licences and certificates')).toHaveValue('30');
    expect(field('Rent due')).toHaveValue('3');
    expect(within(form()).getAllByText('Default: 30')).toHaveLength(4);
    expect(within(form()).getAllByText('Default: 3')).toHaveLength(3); // rent due, grace days, risk overdue days
    expect(screen.getByTestId('late-fee-percent')).toHaveTextContent('= 0.5 % of the overdue amount per day');
    expect(field('Contract number prefix of Demo Rentals Hangzhou')).toHaveAttribute('placeholder', 'HT');
    expect(within(form()).getByLabelText('AutoNavi')).toBeChecked();

    const user = userEvent.setup();
    await user.clear(field('Insurance'));
    await user.type(field('Insurance'), '45');
    fireEvent.change(field('Late fee per day'), { target: { value: '8' } });
    await waitFor(() =>
      expect(screen.getByTestId('late-fee-percent')).toHaveTextContent('= 0.8 % of the overdue amount per day'),
    );
    await user.click(field('Debtors may pay online'));
    // The contract reminders' SMS to drivers: off by default, one switch per kind.
    expect(field('SMS on rent due')).not.toBeChecked();
    expect(field('SMS on contract end')).not.toBeChecked();
    await user.click(field('SMS on overdue rent'));
    await user.type(field('Contract number prefix of Demo Rentals Shanghai'), 'sh');
    await user.click(within(form()).getByLabelText('OpenStreetMap'));
    // How long the message centre keeps messages before archiving them.
    await user.clear(field('Archive messages after'));
    await user.type(field('Archive messages after'), '30');
    // The GPS risk rules.
    await user.clear(field('Rent overdue more than'));
    await user.type(field('Rent overdue more than'), '5');
    expect(field('Power cut or tamper alarm while rented')).toBeChecked();
    await user.click(field('Power cut or tamper alarm while rented'));
    // The vehicle cost centre: enabled centres with their parents' names.
    await user.click(field('Vehicle cost centre'));
    await user.click(await screen.findByText('Head office / Fleet', { selector: '.ant-select-item-option-content' }));
    expect(screen.queryByText('Head office / Old fleet', { selector: '.ant-select-item-option-content' })).toBeNull();
    // Maintenance: the service reminder days, the km ahead, and no approval (the amount emptied).
    expect(field('Car services (maintenance plans)')).toHaveValue('15');
    await user.clear(field('Due this many km ahead'));
    await user.type(field('Due this many km ahead'), '1500');
    expect(field('Approval above')).toHaveValue('2000.00');
    await user.clear(field('Approval above'));
    await user.click(save());

    await waitFor(() => expect(server.calls('PUT', RULES)).toHaveLength(1));
    expect(server.calls('PUT', RULES)[0]!.body).toEqual({
      reminders: {
        licenceDays: 30,
        insuranceDays: 45,
        inspectionDays: 30,
        driverDocumentDays: 30,
        rentDueDays: 3,
        serviceDays: 15,
      },
      rentGraceDays: 3,
      messageArchiveDays: 30,
      lateFee: { dailyRatePermille: 8, capPercent: 20 },
      billProRating: false,
      settingDebtorPaying: true,
      contractSms: { rentDue: false, contractEnd: false, overdue: true },
      contractPrefixes: { '8': 'SH' },
      mapTiles: 'osm',
      gpsEvents: {
        overspeedKmh: 120,
        overspeedSeconds: 10,
        offlineMinutes: 10,
        lowBatteryPercent: 20,
        safeSpeedKmh: 20,
        notices: { message: ['sos', 'powerCut', 'tamper'], sms: [], smsPhones: [] },
      },
      gpsRisk: {
        overdueDays: 5,
        geofenceExitOverdue: true,
        powerCutRented: false,
        silentRented: true,
        silentHours: 24,
      },
      costs: { vehicleCostCentreId: 4 },
      maintenance: { approvalAbove: null, leadKm: 1500 },
      crm: { poolDays: 15, claimPerDay: 20, maxOwned: null, surveyDays: 14 },
      shortTerm: {
        graceMinutes: 60,
        freeCancelHours: 24,
        holidayFreeCancelHours: 72,
        cancelFeeDays: 1,
        holidayCancelFeeDays: 2,
        lateHourPct: 20,
        earlyReturnRefundPct: 50,
        fuelPerPct: 5,
        violationHoldDays: 30,
        unpaidMinutes: 30,
      },
      timeShare: {
        reserveMinutes: 15,
        offZoneFee: 50,
        warnBelow: 0,
        lockAfterMinutes: 60,
        recoverAfterHours: 6,
        nightFrom: '23:00',
        nightTo: '07:00',
      },
      teams: {
        weights: { flow: 30, orders: 15, onlineHours: 15, onTime: 20, overdueDays: 10, violations: 5, accidents: 5 },
        platformAccounts: [],
      },
      driverLevels: RULE_DEFAULTS.driverLevels,
    });
    expect(await screen.findByText('The business rules are saved')).toBeInTheDocument();
    // The session follows (spec section 3: settingDebtorPaying).
    expect(session.get().settingDebtorPaying).toBe(true);
  }, 120_000);

  it('keeps the sections other screens edit (CRM pool, rental rules) as stored when saving', async () => {
    signedIn();
    const stored = {
      ...RULE_DEFAULTS,
      crm: { ...RULE_DEFAULTS.crm, poolDays: 30 },
      shortTerm: { ...RULE_DEFAULTS.shortTerm, graceMinutes: 90, fuelPerPct: 7.5 },
      timeShare: { ...RULE_DEFAULTS.timeShare, offZoneFee: 80, nightFrom: '22:00' },
      teams: { weights: { ...RULE_DEFAULTS.teams.weights, flow: 60 } },
    };
    const server = sessionServer(ADMIN, {
      [`GET ${RULES}`]: () => ok(stored),
      'GET /api/ccwadmin/rent/list': () => ok(RENT_ROWS),
      [`PUT ${RULES}`]: (req) => ok(req.body),
    });
    renderApp('/oaSetting?tab=rules');
    await screen.findByText('Vehicle licences and certificates', {}, SLOW);
    await userEvent.setup().click(save());
    await waitFor(() => expect(server.calls('PUT', RULES)).toHaveLength(1));
    expect(server.calls('PUT', RULES)[0]!.body).toMatchObject({
      crm: stored.crm,
      shortTerm: stored.shortTerm,
      timeShare: stored.timeShare,
      teams: stored.teams,
    });
  }, 120_000);

  it("checks the prefixes with the contracts' rule and shows the server's field errors on their fields", async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      [`GET ${RULES}`]: () => ok({ ...RULE_DEFAULTS, contractPrefixes: { '7': 'HZ' } }),
      'GET /api/ccwadmin/rent/list': () => ok(RENT_ROWS),
      [`PUT ${RULES}`]: () =>
        fieldFailure([
          { path: 'reminders.licenceDays', message: 'Too many days for a licence' },
          { path: 'contractPrefixes.7', message: 'Prefix HZ is used by another tenant' },
        ]),
    });
    renderApp('/oaSetting?tab=rules');
    await screen.findByText('Vehicle licences and certificates', {}, SLOW);
    expect(field('Contract number prefix of Demo Rentals Hangzhou')).toHaveValue('HZ');
    const user = userEvent.setup();
    await user.type(field('Contract number prefix of Demo Rentals Shanghai'), 'S-1');
    await user.click(save());
    expect(await within(form()).findByText('A prefix is 1-8 capital letters or digits')).toBeInTheDocument();
    expect(server.calls('PUT', RULES)).toHaveLength(0);

    await user.clear(field('Contract number prefix of Demo Rentals Shanghai'));
    await user.click(save());
    expect(await within(form()).findByText('Too many days for a licence')).toBeInTheDocument();
    expect(within(form()).getByText('Prefix HZ is used by another tenant')).toBeInTheDocument();
    expect(server.calls('PUT', RULES)[0]!.body).toMatchObject({ contractPrefixes: { '7': 'HZ' } });
  });

  it('edits the GPS event limits and the alarm notices, checked as the server checks them', async () => {
    signedIn();
    const server = sessionServer(ADMIN, {
      [`GET ${RULES}`]: () => ok(RULE_DEFAULTS),
      'GET /api/ccwadmin/rent/list': () => ok(RENT_ROWS),
      [`PUT ${RULES}`]: (req) => ok(req.body),
    });
    renderApp('/oaSetting?tab=rules');
    await screen.findByText('GPS events and alarms', {}, SLOW);
    const gps = screen.getByTestId('rules-gps-events');
    expect(within(gps).getByLabelText('Speed limit')).toHaveValue('120');
    expect(within(gps).getByText('Default: 10 min')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(within(gps).getByLabelText('Speed limit'));
    await user.type(within(gps).getByLabelText('Speed limit'), '100');
    await user.clear(within(gps).getByLabelText('Offline after'));
    await user.type(within(gps).getByLabelText('Offline after'), '30');
    // SMS on power cut; an invalid number is refused before anything is sent.
    const smsGroup = within(gps).getByText('SMS', { selector: 'label' }).closest('.ant-form-item')! as HTMLElement;
    await user.click(within(smsGroup).getByLabelText('Power cut'));
    const phones = within(gps).getByLabelText('SMS to these numbers');
    await user.type(phones, '12345{enter}');
    await user.click(save());
    expect(await within(gps).findByText('Enter a valid mobile number')).toBeInTheDocument();
    expect(server.calls('PUT', RULES)).toHaveLength(0);

    await user.click(gps.querySelector<HTMLElement>('.ant-select-selection-item-remove')!);
    await user.type(phones, '13900000001{enter}');
    await user.click(save());
    await waitFor(() => expect(server.calls('PUT', RULES)).toHaveLength(1));
    expect((server.calls('PUT', RULES)[0]!.body as { gpsEvents: unknown }).gpsEvents).toEqual({
      overspeedKmh: 100,
      overspeedSeconds: 10,
      offlineMinutes: 30,
      lowBatteryPercent: 20,
      safeSpeedKmh: 20,
      notices: { message: ['sos', 'powerCut', 'tamper'], sms: ['powerCut'], smsPhones: ['13900000001'] },
    });
  });

  it('edits the super driver levels: adds one (level4), checks that each asks more, shows the server’s refusal', async () => {
    signedIn();
    let refuse = true;
    const server = sessionServer(ADMIN, {
      [`GET ${RULES}`]: () => ok(RULE_DEFAULTS),
      'GET /api/ccwadmin/rent/list': () => ok(RENT_ROWS),
      [`PUT ${RULES}`]: (req) => {
        if (refuse) {
          refuse = false;
          return fieldFailure([{ path: 'driverLevels', message: 'Each level must ask more than the one below it' }]);
        }
        return ok(req.body);
      },
    });
    renderApp('/oaSetting?tab=rules');
    const card = await screen.findByTestId('rules-driver-levels', {}, SLOW);
    expect(within(card).getByLabelText('Name of level 3')).toHaveValue('金卡司机');
    expect(within(card).getByLabelText('Months on time of level 2')).toHaveValue('3');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: /Add a level/ }));
    const name4 = await within(card).findByLabelText('Name of level 4');
    // The new level asks one more month on time than the last: the rule holds once it is named.
    expect(within(card).getByLabelText('Months on time of level 4')).toHaveValue('7');
    await user.click(save());
    await waitFor(() => expect(within(card).getAllByText('Enter a value')).toHaveLength(2), SLOW);
    await user.type(name4, '钻石司机');
    await user.type(within(card).getByLabelText('English name of level 4'), 'Diamond');
    // Asking less than the level below: the contracts' rule, before sending.
    await user.clear(within(card).getByLabelText('Months on time of level 4'));
    await user.type(within(card).getByLabelText('Months on time of level 4'), '6');
    await user.click(save());
    expect(await within(card).findByText('Each level must ask more than the one below it')).toBeInTheDocument();
    expect(server.calls('PUT', RULES)).toHaveLength(0);

    await user.clear(within(card).getByLabelText('Months on time of level 4'));
    await user.type(within(card).getByLabelText('Months on time of level 4'), '9');
    await user.click(save());
    // The server's 400 on the levels, under the table.
    await waitFor(() => expect(server.calls('PUT', RULES)).toHaveLength(1));
    expect(await within(card).findByText('Each level must ask more than the one below it')).toBeInTheDocument();
    await user.click(save());
    await waitFor(() => expect(server.calls('PUT', RULES)).toHaveLength(2));
    const sent = (server.calls('PUT', RULES)[1]!.body as { driverLevels: unknown[] }).driverLevels;
    expect(sent).toHaveLength(4);
    expect(sent[3]).toEqual({
      code: 'level4',
      name: '钻石司机',
      nameEn: 'Diamond',
      minOnTimeMonths: 9,
      maxViolations: 1,
      maxAccidents: 0,
      perks: { rentDiscountPercent: 5, freeDaysPerYear: 5, newCarPriority: true },
    });
  }, 120_000);

  it('keeps between one and six levels, with new codes not taken', async () => {
    expect(newLevelCode([{ code: 'member' }, { code: 'silver' }, { code: 'gold' }])).toBe('level4');
    expect(newLevelCode([{ code: 'member' }, { code: 'level2' }])).toBe('level3');
    expect(newLevelCode([{ code: 'level2' }])).toBe('level3');
    expect(nextLevel([]).minOnTimeMonths).toBe(1);

    signedIn();
    sessionServer(ADMIN, {
      [`GET ${RULES}`]: () => ok({ ...RULE_DEFAULTS, driverLevels: RULE_DEFAULTS.driverLevels.slice(0, 1) }),
      'GET /api/ccwadmin/rent/list': () => ok(RENT_ROWS),
    });
    renderApp('/oaSetting?tab=rules');
    const card = await screen.findByTestId('rules-driver-levels', {}, SLOW);
    expect(within(card).getByRole('button', { name: 'Remove level 1' })).toBeDisabled();
    const user = userEvent.setup();
    for (let i = 0; i < 5; i++) await user.click(within(card).getByRole('button', { name: /Add a level/ }));
    expect(await within(card).findByLabelText('Name of level 6')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Add a level/ })).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: 'Remove level 6' }));
    await waitFor(() => expect(within(card).queryByLabelText('Name of level 6')).toBeNull());
    expect(within(card).getByRole('button', { name: /Add a level/ })).toBeEnabled();
  }, 120_000);
});
