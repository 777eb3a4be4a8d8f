import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicSurvey } from '@fleetdesk/contracts/surveys';
import { setLanguage } from '../../../lib/i18n';
import { fakeServer, ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { FIRST, SLOW } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

const OPEN = '/api/open/survey/9/tok-abcdefghijk';
const SURVEY: PublicSurvey = {
  tenantName: 'Demo Rentals',
  title: 'Service survey',
  intro: 'Two minutes, please.',
  name: 'Wang Jianguo',
  expiresAt: '2026-12-20T00:00:00.000Z',
  questions: [
    { id: 'q1', kind: 'single', title: 'How did you hear of us?', required: true, options: ['Friend', 'Ad'] },
    { id: 'q2', kind: 'multiple', title: 'What matters?', required: false, options: ['Price', 'Service'] },
    { id: 'q3', kind: 'rating', title: 'Rate our cars', required: true, options: [] },
    { id: 'q4', kind: 'text', title: 'Anything else?', required: false, options: [] },
  ],
};
const refused = (status: number, message: string, code?: string) => ({
  status,
  body: { status, message, ...(code ? { code } : {}) },
});

describe('/survey/{id}/{token}', () => {
  it('is answered without sign-in: required questions are checked, the answers and the time spent are sent', async () => {
    const server = fakeServer({
      [`GET ${OPEN}`]: () => ok(SURVEY),
      [`POST ${OPEN}`]: () => ok({ ok: true }),
    });
    renderApp('/survey/9/tok-abcdefghijk');
    const page = await screen.findByTestId('crm-public-survey', {}, FIRST);
    expect(within(page).getByText('Service survey')).toBeInTheDocument();
    expect(within(page).getByText('Hello Wang Jianguo, thank you for taking a minute.')).toBeInTheDocument();
    // No shared header on the open page.
    expect(screen.queryByRole('menu', { name: 'Main navigation' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(page).getAllByText('Please answer this question')).toHaveLength(2), SLOW);
    expect(server.calls('POST', OPEN)).toHaveLength(0);

    await user.click(within(page).getByText('Ad'));
    await user.click(within(page).getByText('Price'));
    await user.click(within(page).getByText('Service'));
    const stars = page.querySelectorAll('.ant-rate-star');
    fireEvent.click(stars[3]!.querySelector('div[role="radio"]') ?? stars[3]!.firstElementChild!);
    await user.type(within(page).getByLabelText('4. Anything else?'), '  Cleaner cars  ');
    await user.click(within(page).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('crm-survey-sent', {}, SLOW)).toHaveTextContent('Thank you!');
    const body = server.calls('POST', OPEN)[0]!.body as { answers: object; seconds: number };
    expect(body.answers).toEqual({ q1: 'Ad', q2: ['Price', 'Service'], q3: 4, q4: 'Cleaner cars' });
    expect(body.seconds).toBeGreaterThanOrEqual(1);
    // Sent without a user's token.
    expect(server.calls('POST', OPEN)[0]!.headers.get('Authorization')).not.toMatch(/^Bearer/);
  }, 180_000);

  it.each([
    [410, 'The link has expired', 'survey.linkExpired', 'crm-survey-expired', 'This link has expired'],
    [410, 'The survey has ended', 'survey.closed', 'crm-survey-closed', 'This survey has ended'],
    [409, 'Already answered', 'survey.answered', 'crm-survey-answered', 'Already answered'],
    [404, 'Invalid link', 'survey.linkInvalid', 'crm-survey-invalid', 'This link is not valid'],
  ])(
    'a refused link (%s %s) says why',
    async (status, message, code, testId, title) => {
      fakeServer({ [`GET ${OPEN}`]: () => refused(status, message, code) });
      renderApp('/survey/9/tok-abcdefghijk');
      expect(await screen.findByTestId(testId, {}, FIRST)).toHaveTextContent(title);
    },
    180_000,
  );

  it('an answer refused by the server shows on its question', async () => {
    fakeServer({
      [`GET ${OPEN}`]: () => ok({ ...SURVEY, questions: SURVEY.questions.slice(0, 1) }),
      [`POST ${OPEN}`]: () => ({
        status: 400,
        body: {
          status: 400,
          message: 'Invalid',
          errors: [{ path: 'answers.q1', message: 'Choose one of the listed options' }],
        },
      }),
    });
    renderApp('/survey/9/tok-abcdefghijk');
    const page = await screen.findByTestId('crm-public-survey', {}, FIRST);
    const user = userEvent.setup();
    await user.click(within(page).getByText('Friend'));
    await user.click(within(page).getByRole('button', { name: 'Submit' }));
    expect(await within(page).findByText('Choose one of the listed options', {}, SLOW)).toBeInTheDocument();
  }, 180_000);
});

describe('/survey/lead/{key}', () => {
  const KEY = 'AbCdEfGhIjKlMnOpQrStUvWx';
  const FORM = `/api/open/crmLeadForm/${KEY}`;
  const info = ok({
    tenantName: 'Demo Rentals',
    enabled: true,
    kinds: [],
    contractKinds: [],
  });

  it('takes a name and a phone; the honeypot is out of sight and sent empty', async () => {
    const server = fakeServer({ [`GET ${FORM}`]: () => info, [`POST ${FORM}`]: () => ok({ ok: true }) });
    renderApp(`/survey/lead/${KEY}`);
    const page = await screen.findByTestId('crm-public-form', {}, FIRST);
    expect(within(page).getByText(/someone from Demo Rentals will call you back/)).toBeInTheDocument();
    const trap = screen.getByTestId('crm-hp');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('.fd-crm-hp')).toHaveAttribute('aria-hidden', 'true');
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Send' }));
    expect((await within(page).findAllByText('Required', {}, SLOW)).length).toBe(2);
    await user.type(within(page).getByLabelText('Your name'), 'Zhou Jie');
    await user.type(within(page).getByLabelText('Mobile phone'), '1390000');
    await user.click(within(page).getByRole('button', { name: 'Send' }));
    expect(await within(page).findByText('An 11-digit mobile number', {}, SLOW)).toBeInTheDocument();
    await user.type(within(page).getByLabelText('Mobile phone'), '1111');
    await user.click(within(page).getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('crm-form-sent', {}, SLOW)).toHaveTextContent(
      'Demo Rentals will contact you soon.',
    );
    expect(server.calls('POST', FORM)[0]!.body).toEqual({
      kind: 'person',
      name: 'Zhou Jie',
      phone: '13900001111',
      companyName: null,
      wantedCar: null,
      contractKind: null,
      message: null,
      website: '',
    });
  }, 180_000);

  it('an unknown or switched-off form says so', async () => {
    fakeServer({ [`GET ${FORM}`]: () => refused(404, 'Not available', 'crm.formInvalid') });
    renderApp(`/survey/lead/${KEY}`);
    expect(await screen.findByTestId('crm-form-invalid', {}, FIRST)).toHaveTextContent('This form is not available');
    await waitFor(() => expect(screen.queryByTestId('crm-public-form')).not.toBeInTheDocument());
  }, 180_000);
});
