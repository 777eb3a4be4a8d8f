import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { driver, driverRoutes, SLOW } from './driver-fixtures';

const FIRST = { timeout: 90_000 };

beforeEach(async () => {
  await setLanguage('en-US');
});

/** The CRM adds a surveys tab to the driver's page (components/driver-tabs), for users who read the CRM. */
describe('the driver page’s surveys tab', () => {
  it('shows the surveys the driver answered', async () => {
    signedIn();
    const d = driver();
    const server = sessionServer(ADMIN, {
      ...driverRoutes([d]),
      'GET /api/ccwadmin/operationLog/list': () => ok({ rows: [], total: 0, pageNum: 1, pageSize: 20 }),
      'GET /api/ccwadmin/survey/answers': () =>
        ok([
          {
            surveyId: 9,
            surveyTitle: 'Service survey',
            inviteId: 3,
            submittedAt: '2026-12-03T02:00:00.000Z',
            items: [
              { questionId: 'q1', kind: 'single', title: 'How did you hear of us?', answer: 'Friend' },
              { questionId: 'q2', kind: 'text', title: 'Anything else?', answer: null },
            ],
          },
        ]),
    });
    renderApp(`/rentDriver/${d.id}`);
    const tab = await screen.findByRole('tab', { name: 'Surveys' }, FIRST);
    await userEvent.setup().click(tab);
    const panel = await screen.findByTestId('driver-surveys', {}, SLOW);
    const header = await within(panel).findByText(/Service survey/, {}, SLOW);
    await userEvent.setup().click(header);
    expect(await within(panel).findByText('Friend', {}, SLOW)).toBeInTheDocument();
    expect(within(panel).getByText('not answered')).toBeInTheDocument();
    expect(server.calls('GET', '/api/ccwadmin/survey/answers')[0]!.query.get('driverId')).toBe(String(d.id));
  }, 180_000);

  it('is not there without crm:view', async () => {
    signedIn();
    const d = driver();
    sessionServer({ menus: ['rentDriver'], elements: ['rentDriver:view'] }, driverRoutes([d]));
    renderApp(`/rentDriver/${d.id}`);
    expect(await screen.findByRole('tab', { name: 'Profile and documents' }, FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Surveys' })).not.toBeInTheDocument();
  }, 180_000);
});
