import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FeedbackInput, FeedbackRow } from '@fleetdesk/contracts/feedback';
import { setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { ADMIN, sessionServer, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { feedback, FIRST, MINE, paged, SEND, SLOW, UPLOAD } from './fixtures';

const SHOT = '/api/tool/oss/file/t3/feedback/2026/11/screen.png';
const uploaded = () =>
  ok({ url: SHOT, signedUrl: `${SHOT}?sig=x`, name: 'screen.png', size: 2048, contentType: 'image/png' });
const fileInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>('.fd-feedback-upload input[type=file]')!;
const shots = (root: HTMLElement) => root.querySelectorAll('.fd-feedback-upload .ant-upload-list-item');

describe('the feedback screen', () => {
  beforeEach(() => signedIn());

  it('checks the text first and loses nothing; sent, it says thanks, clears the form and lists the note, in English', async () => {
    await setLanguage('en-US');
    const rows: FeedbackRow[] = [];
    const s = sessionServer(ADMIN, {
      [`GET ${MINE}`]: (req) => paged(rows, req),
      [`POST ${UPLOAD}`]: uploaded,
      [`POST ${SEND}`]: (req) => {
        const body = req.body as FeedbackInput;
        const row = feedback({ id: 9, ...body, images: [`${SHOT}?sig=y`], contact: body.contact ?? null });
        rows.unshift(row);
        return ok(row);
      },
    });
    renderApp('/feedback?from=%2FrentCar%3Fstatus%3Didle');
    const page = await screen.findByTestId('feedback-screen', {}, FIRST);
    expect(await within(page).findByText('You have not sent any feedback yet', {}, SLOW)).toBeInTheDocument();
    expect(within(page).getByTestId('feedback-page')).toHaveTextContent('/rentCar?status=idle');
    expect(document.title).toBe('Feedback · Fleetdesk');
    const user = userEvent.setup({ applyAccept: false });
    const content = within(page).getByLabelText('Problem or suggestion');
    const contact = within(page).getByLabelText('Contact');
    await user.type(contact, 'wx: fleet-li');
    await user.upload(fileInput(page), new File(['png'], 'screen.png', { type: 'image/png' }));
    await waitFor(() => expect(s.calls('POST', UPLOAD)).toHaveLength(1), SLOW);
    await waitFor(() => expect(shots(page)).toHaveLength(1));
    // A file of another kind is refused before any upload.
    await user.upload(fileInput(page), new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('notes.pdf: only JPG, PNG or WebP images can be sent', {}, SLOW),
    ).toBeInTheDocument();
    expect(s.calls('POST', UPLOAD)).toHaveLength(1);

    await user.type(content, 'bad');
    await user.click(within(page).getByRole('button', { name: 'Send feedback' }));
    expect(
      await within(page).findByText('Write at least 5 characters: what happened, or what you suggest', {}, SLOW),
    ).toBeInTheDocument();
    expect(s.calls('POST', SEND)).toHaveLength(0);
    // Nothing typed is lost.
    expect(content).toHaveValue('bad');
    expect(contact).toHaveValue('wx: fleet-li');
    expect(shots(page)).toHaveLength(1);
    // Editing the field takes its error away.
    await user.type(content, ' filters on reload');
    await waitFor(() =>
      expect(
        within(page).queryByText('Write at least 5 characters: what happened, or what you suggest'),
      ).not.toBeInTheDocument(),
    );
    expect(within(page).getByText('21 / 2000')).toBeInTheDocument();

    await user.click(within(page).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(s.calls('POST', SEND)).toHaveLength(1), SLOW);
    expect(s.calls('POST', SEND)[0]!.body).toEqual({
      content: 'bad filters on reload',
      images: [SHOT],
      contact: 'wx: fleet-li',
      page: '/rentCar?status=idle',
    });
    expect(await screen.findByText(/Thank you for your feedback!/, {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(within(page).getByLabelText('Problem or suggestion')).toHaveValue(''));
    expect(within(page).getByLabelText('Contact')).toHaveValue('');
    expect(shots(page)).toHaveLength(0);
    // The screen it is about stays for the next note.
    expect(within(page).getByTestId('feedback-page')).toHaveTextContent('/rentCar?status=idle');
    const mine = await within(page).findByTestId('my-feedback', {}, SLOW);
    expect(mine).toHaveTextContent('bad filters on reload');
    expect(mine).toHaveTextContent('New');
    expect(mine).toHaveTextContent('Received; we are looking at it');
  }, 120_000);

  it("shows the server's field errors on their fields and keeps the values, in Chinese", async () => {
    await setLanguage('zh-CN');
    const s = sessionServer(ADMIN, {
      [`GET ${MINE}`]: (req) => paged([], req),
      [`POST ${UPLOAD}`]: uploaded,
      [`POST ${SEND}`]: () => ({
        status: 400,
        body: {
          status: 400,
          message: '参数校验失败',
          errors: [
            { path: 'images.0', message: '文件不存在或不是您上传的' },
            { path: 'contact', message: '联系方式最多 60 个字' },
          ],
        },
      }),
    });
    renderApp('/feedback');
    const page = await screen.findByTestId('feedback-screen', {}, FIRST);
    expect(await within(page).findByText('您还没有提交过反馈', {}, SLOW)).toBeInTheDocument();
    // Opened without `from` nor a referrer of ours: the screen is not known.
    expect(within(page).getByTestId('feedback-page')).toHaveTextContent('未记录');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(page), new File(['png'], 'screen.png', { type: 'image/png' }));
    await waitFor(() => expect(shots(page)).toHaveLength(1), SLOW);
    await user.type(within(page).getByLabelText('问题或建议'), '导出的账单没有车牌号');
    await user.type(within(page).getByLabelText('联系方式'), 'li@example.com');
    await user.click(within(page).getByRole('button', { name: '提交反馈' }));
    expect(await within(page).findByText('文件不存在或不是您上传的', {}, SLOW)).toBeInTheDocument();
    expect(within(page).getByText('联系方式最多 60 个字')).toBeInTheDocument();
    expect(s.calls('POST', SEND)[0]!.body).toMatchObject({ images: [SHOT], page: null });
    expect(within(page).getByLabelText('问题或建议')).toHaveValue('导出的账单没有车牌号');
    expect(within(page).getByLabelText('联系方式')).toHaveValue('li@example.com');
    expect(shots(page)).toHaveLength(1);
  }, 120_000);

  it('says so in place past the hourly limit (429) and keeps the text', async () => {
    await setLanguage('en-US');
    const s = sessionServer(ADMIN, {
      [`GET ${MINE}`]: (req) => paged([], req),
      [`POST ${SEND}`]: () => ({
        status: 429,
        body: { status: 429, message: 'Too many attempts; try again in 1800 s' },
      }),
    });
    renderApp('/feedback?from=%2FoaLog');
    const page = await screen.findByTestId('feedback-screen', {}, FIRST);
    const user = userEvent.setup();
    const content = await within(page).findByLabelText('Problem or suggestion', {}, SLOW);
    await user.type(content, 'The export is very slow');
    await user.click(within(page).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(s.calls('POST', SEND)).toHaveLength(1), SLOW);
    const alert = await within(page).findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Too many at once: at most 10 feedback notes an hour');
    expect(alert).toHaveTextContent('Too many attempts; try again in 1800 s');
    expect(alert).toHaveTextContent('What you wrote is kept; please send it a little later.');
    expect(content).toHaveValue('The export is very slow');
  }, 120_000);

  it("lists the user's notes with the state, screenshots and the platform's answer, page by page", async () => {
    await setLanguage('en-US');
    const answered = feedback({
      id: 2,
      content: 'Please add the plate to the bill export',
      images: ['/api/tool/oss/file/t3/feedback/a.png?sig=1', '/api/tool/oss/file/t3/feedback/b.png?sig=2'],
      state: 'answered',
      answer: 'Done in the next release, thank you!',
      answeredAt: '2026-11-21T03:30:00Z',
    });
    const older = Array.from({ length: 9 }, (_, i) =>
      feedback({ id: 100 + i, content: `Older note ${i}`, state: 'closed', answer: 'Closed: fixed', page: null }),
    );
    const s = sessionServer(ADMIN, {
      [`GET ${MINE}`]: (req) =>
        req.query.get('pageNum') === '2'
          ? paged([feedback({ id: 1, content: 'The very first note' })], req, 11)
          : paged([answered, ...older], req, 11),
    });
    renderApp('/feedback');
    const page = await screen.findByTestId('feedback-screen', {}, FIRST);
    const list = await within(page).findByRole('list', { name: 'My feedback' }, SLOW);
    const first = within(list).getAllByTestId('my-feedback')[0]!;
    expect(first).toHaveTextContent('Answered');
    expect(first).toHaveTextContent('Please add the plate to the bill export');
    expect(first).toHaveTextContent('Screen /rentDriver');
    expect(within(first).getByTestId('feedback-answer')).toHaveTextContent(
      "Fleetdesk's answerAnswered 2026-11-21 11:30Done in the next release, thank you!",
    );
    expect(within(first).getAllByRole('img', { name: /Screenshot \d/ })).toHaveLength(2);
    expect(within(list).getAllByTestId('my-feedback')).toHaveLength(10);
    const user = userEvent.setup();
    await user.click(within(page).getByTitle('2'));
    expect(await within(page).findByText('The very first note', {}, SLOW)).toBeInTheDocument();
    expect(s.calls('GET', MINE).at(-1)!.query.get('pageNum')).toBe('2');
  }, 120_000);

  it('opens for an expired company too (the server takes its feedback), not only /gameover', async () => {
    await setLanguage('en-US');
    sessionServer({ ...ADMIN, days: -1 }, { [`GET ${MINE}`]: (req) => paged([], req) });
    renderApp('/feedback');
    const page = await screen.findByTestId('feedback-screen', {}, FIRST);
    expect(await within(page).findByText('You have not sent any feedback yet', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/feedback$/);
  }, 120_000);
});
