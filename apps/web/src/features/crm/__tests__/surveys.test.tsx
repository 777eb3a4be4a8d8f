import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SurveyDetail } from '@fleetdesk/contracts/surveys';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { API, FIRST, paged, SALES, SLOW, surveyDetail } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

function surveyServer(survey: () => SurveyDetail, more = {}, account = ADMIN) {
  return sessionServer(account, {
    [`GET ${API}/survey/get/:id`]: () => ok(survey()),
    [`GET ${API}/survey/invites/:id`]: () => paged([]),
    [`GET ${API}/survey/results/:id`]: () =>
      ok({
        surveyId: 9,
        totals: { invited: 0, opened: 0, answered: 0, expired: 0, responseRate: null, averageSeconds: null },
        questions: [],
      }),
    ...more,
  });
}

describe('the survey editor', () => {
  it('adds questions of each kind, reorders and removes them, checks them, and saves the draft', async () => {
    signedIn();
    const server = surveyServer(() => surveyDetail(), {
      [`PUT ${API}/survey/save`]: () => ok(surveyDetail({ version: 3 })),
    });
    renderApp('/crm/survey/9');
    const editor = await screen.findByTestId('crm-question-editor', {}, FIRST);
    const user = userEvent.setup();
    const add = within(editor).getByRole('group', { name: 'Add a question' });
    await user.click(within(add).getByRole('button', { name: /Rating \(1-5\)/ }));
    await user.click(within(add).getByRole('button', { name: /Multiple choice/ }));
    await user.click(within(add).getByRole('button', { name: /Text/ }));
    expect(within(editor).getByLabelText('Question 4')).toBeInTheDocument();

    // Empty titles and options are refused before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Save the survey' }));
    await waitFor(() => expect(within(editor).getAllByText('The question is required')).toHaveLength(3), SLOW);
    expect(within(editor).getByText('No empty options')).toBeInTheDocument();
    expect(server.calls('PUT', `${API}/survey/save`)).toHaveLength(0);

    fireEvent.change(within(editor).getByLabelText('Question 2'), { target: { value: 'Rate our cars' } });
    fireEvent.change(within(editor).getByLabelText('Question 3'), { target: { value: 'What matters?' } });
    fireEvent.change(within(editor).getByLabelText('Option 1 of question 3'), { target: { value: 'Price' } });
    fireEvent.change(within(editor).getByLabelText('Option 2 of question 3'), { target: { value: 'Price' } });
    expect(await within(editor).findByText('Each option once', {}, SLOW)).toBeInTheDocument();
    fireEvent.change(within(editor).getByLabelText('Option 2 of question 3'), { target: { value: 'Service' } });
    fireEvent.change(within(editor).getByLabelText('Question 4'), { target: { value: 'Anything else?' } });
    // The text question goes up one place, then the rating question goes.
    await user.click(within(editor).getByRole('button', { name: 'Move question 4 up' }));
    await user.click(within(editor).getByRole('button', { name: 'Remove question 2' }));
    await user.click(screen.getByRole('button', { name: 'Save the survey' }));
    await waitFor(() => expect(server.calls('PUT', `${API}/survey/save`)).toHaveLength(1));
    expect(server.calls('PUT', `${API}/survey/save`)[0]!.body).toEqual({
      id: 9,
      version: 2,
      title: 'Service survey',
      intro: null,
      questions: [
        { id: 'q1', kind: 'single', title: 'How did you hear of us?', required: true, options: ['Friend', 'Ad'] },
        { id: 'q4', kind: 'text', title: 'Anything else?', required: true },
        { id: 'q3', kind: 'multiple', title: 'What matters?', required: true, options: ['Price', 'Service'] },
      ],
    });
  }, 180_000);

  it('a published survey is read-only, can be sent (crm:send) and closed', async () => {
    signedIn();
    const server = surveyServer(() => surveyDetail({ state: 'published', publishedAt: '2026-12-02T02:00:00.000Z' }), {
      [`POST ${API}/survey/send/:id`]: () => ok({ invites: 1, skipped: 0, noticeId: 5 }),
      [`POST /api/ccwadmin/rentDriver/list`]: () => paged([{ id: 5, name: 'Wang Jianguo', phone: '13900000005' }]),
      [`GET ${API}/crmLead/list`]: () => paged([], { counts: null }),
    });
    renderApp('/crm/survey/9?tab=questions');
    const group = await screen.findByRole('group', { name: 'Survey actions' }, FIRST);
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Send', 'Close', 'Export']);
    expect(screen.queryByTestId('crm-question-editor')).not.toBeInTheDocument();
    expect(screen.getByText('How did you hear of us?')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(group).getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Drivers'));
    await user.click(await screen.findByText('Wang Jianguo 13900000005', {}, SLOW));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(server.calls('POST', `${API}/survey/send/9`)[0]?.body).toEqual({ driverIds: [5], leadIds: [] }),
    );
    expect(await screen.findByText('Sent to 1 person', {}, SLOW)).toBeInTheDocument();
  }, 180_000);

  it('a sales adviser without crm:send sees no send button', async () => {
    signedIn();
    surveyServer(() => surveyDetail({ state: 'published' }), {}, SALES);
    renderApp('/crm/survey/9');
    const group = await screen.findByRole('group', { name: 'Survey actions' }, FIRST);
    expect(
      within(group)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close', 'Export']);
  }, 180_000);
});
