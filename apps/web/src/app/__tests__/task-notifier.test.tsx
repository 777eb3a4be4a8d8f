import { act, render, screen, within } from '@testing-library/react';
import App from 'antd/es/app';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TASK_DONE_TEXT_ZH, TASK_POLL_MS, type TaskProgress } from '@fleetdesk/contracts/tasks';
import zhTasks from '../../locales/zh-CN/tasks.json';
import { setLanguage } from '../../lib/i18n';
import { session, type SessionUser } from '../../lib/session';
import { signOut } from '../../lib/sign-out';
import { startTaskNotice } from '../../lib/task-notices';
import { fakeServer, ok, type FakeAnswer } from '../../test/fake-server';
import { signedIn } from '../../test/fixtures';
import { LocationProbe } from '../../test/render';
import { TaskNotifier } from '../shell/task-notifier';

const DONE_EN = 'The task has finished; see the related page for the results!';
const GET = /^\/api\/ccwadmin\/task\/progress\/get\/\d+$/;
const COMPLETE = /^\/api\/ccwadmin\/task\/progress\/complete\//;

function task(patch: Partial<TaskProgress> = {}): TaskProgress {
  return {
    id: 11,
    targetId: 'smsBatch:5',
    category: 1,
    title: 'Rent due reminder',
    state: 'running',
    processedNum: 0,
    total: 50,
    successNum: 0,
    failNum: 0,
    result: null,
    error: null,
    createdAt: '2026-11-21T04:00:00Z',
    startedAt: '2026-11-21T04:00:00Z',
    finishedAt: null,
    ...patch,
  };
}

const user = { id: 1, name: 'Zhang Wei', menus: [], elements: {} } as unknown as SessionUser;

/** jsdom plays no CSS animation: a closing notice is told its leave animation has ended, as a browser would. */
function endLeaveAnimations() {
  for (const el of document.querySelectorAll('[class*="-leave-active"]')) {
    el.dispatchEvent(new Event('animationend', { bubbles: true }));
    el.dispatchEvent(new Event('transitionend', { bubbles: true }));
  }
}

/** Moves the fake clock, then two frames (antd's motions step by frames), letting answers and React settle. */
async function tick(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let frame = 0; frame < 2; frame++) {
    await act(async () => {
      await vi.advanceTimersToNextFrame();
    });
    act(endLeaveAnimations);
  }
}

/** The signed-in frame as far as the notices go: antd's App (their holder) and the router. */
function renderFrame() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <App>
        <TaskNotifier />
        <LocationProbe />
      </App>
    </MemoryRouter>,
  );
}

const notices = () => screen.queryAllByTestId('task-notice');
const noticeOf = (id: number) => notices().find((n) => n.dataset.taskId === String(id));

/** A server whose tasks answer from a table the test changes as the task goes on. */
function taskServer(initial: TaskProgress[], complete?: (targetId: string) => FakeAnswer) {
  const tasks = new Map(initial.map((t) => [t.id, t]));
  const server = fakeServer({
    'GET /api/ccwadmin/task/progress/list': () => ok([...tasks.values()]),
    'GET /api/ccwadmin/task/progress/get/:id': (req) => {
      const found = tasks.get(Number(req.path.split('/').at(-1)));
      return found ? ok(found) : { status: 404, body: { status: 404, message: 'not found' } };
    },
    'POST /api/ccwadmin/task/progress/complete/:targetId': (req) => {
      const targetId = decodeURIComponent(req.path.split('/').at(-1)!);
      if (complete) return complete(targetId);
      const found = [...tasks.values()].find((t) => t.targetId === targetId)!;
      return ok(found);
    },
    'DELETE /api/auth/oauth/token': () => ok(true),
  });
  return { server, set: (t: TaskProgress) => tasks.set(t.id, t) };
}

beforeEach(async () => {
  vi.useFakeTimers();
  await setLanguage('en-US');
  signedIn();
  session.set({ user });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the task notifier', () => {
  it('follows a running task every 2 s, makes the completion call at the end and says it is done', async () => {
    const { server, set } = taskServer([task(), task({ id: 12, targetId: '' })]);
    renderFrame();
    await tick();
    // Only tasks with a target get a notice; it says the task runs and to check later, with its progress.
    expect(notices()).toHaveLength(1);
    const notice = noticeOf(11)!;
    expect(within(notice).getByText('The task is in progress; check the results later')).toBeInTheDocument();
    expect(within(notice).getByText('0/50')).toBeInTheDocument();
    expect(within(notice).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('SMS sending')).toBeInTheDocument();

    set(task({ processedNum: 20 }));
    await tick(TASK_POLL_MS - 100);
    expect(server.calls('GET', GET)).toHaveLength(0);
    await tick(100);
    expect(server.calls('GET', GET).map((r) => r.path)).toEqual(['/api/ccwadmin/task/progress/get/11']);
    expect(within(noticeOf(11)!).getByText('20/50')).toBeInTheDocument();
    expect(within(noticeOf(11)!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    // The notice does not close by itself.
    await tick(30_000);
    expect(noticeOf(11)).toBeDefined();

    set(task({ processedNum: 50, successNum: 49, failNum: 1, state: 'completed' }));
    await tick(TASK_POLL_MS);
    const completions = server.calls('POST', COMPLETE);
    expect(completions).toHaveLength(1);
    expect(decodeURIComponent(completions[0]!.path)).toBe('/api/ccwadmin/task/progress/complete/smsBatch:5');
    expect(noticeOf(11)).toBeUndefined();
    expect(screen.getByText(DONE_EN)).toBeInTheDocument();
    expect(screen.getByText('49 succeeded, 1 failed')).toBeInTheDocument();

    // The notice leads to the task's results.
    act(() => screen.getByRole('button', { name: 'View results' }).click());
    await tick();
    expect(screen.getByTestId('location').textContent).toBe('/oa/message?tab=history&batch=5');
    expect(screen.queryByText(DONE_EN)).toBeNull();

    // Nothing more is asked once the task is done.
    const calls = server.requests.length;
    await tick(TASK_POLL_MS * 3);
    expect(server.requests.length).toBe(calls);
  });

  it('tells at once of a task that had finished before the frame started', async () => {
    const { server } = taskServer([task({ state: 'completed', processedNum: 50, successNum: 50 })]);
    renderFrame();
    await tick();
    expect(server.calls('POST', COMPLETE)).toHaveLength(1);
    expect(server.calls('GET', GET)).toHaveLength(0);
    expect(screen.getByText(DONE_EN)).toBeInTheDocument();
    expect(notices()).toHaveLength(0);
  });

  it('asks again when every item is counted but the task is still closing (the server refuses completion)', async () => {
    let closing = true;
    const { server } = taskServer([task({ processedNum: 50, successNum: 50 })], () =>
      closing
        ? { status: 409, body: { status: 30101, message: 'The task has not finished yet' } }
        : ok(task({ processedNum: 50, successNum: 50, state: 'completed' })),
    );
    renderFrame();
    await tick();
    expect(server.calls('POST', COMPLETE)).toHaveLength(1);
    // The refusal is not shown to the user: the notice stays, full.
    expect(screen.queryByText('The task has not finished yet')).toBeNull();
    expect(within(noticeOf(11)!).getByText('50/50')).toBeInTheDocument();
    closing = false;
    await tick(TASK_POLL_MS);
    expect(server.calls('POST', COMPLETE)).toHaveLength(2);
    expect(screen.getByText(DONE_EN)).toBeInTheDocument();
  });

  it('says clearly that a task failed, with its reason, and keeps that notice open', async () => {
    const { server, set } = taskServer([task({ processedNum: 10 })]);
    renderFrame();
    await tick();
    set(task({ processedNum: 10, state: 'failed', error: 'gateway refused the credentials' }));
    await tick(TASK_POLL_MS);
    expect(server.calls('POST', COMPLETE)).toHaveLength(1);
    expect(noticeOf(11)).toBeUndefined();
    expect(screen.getByText('The task failed')).toBeInTheDocument();
    expect(screen.getByText('gateway refused the credentials')).toBeInTheDocument();
    expect(screen.getByText('Processed 10 / 50')).toBeInTheDocument();
    await tick(60_000);
    expect(screen.getByText('The task failed')).toBeInTheDocument();
  });

  it('keeps the completion notice until the user closes it (it does not close by itself)', async () => {
    const { set } = taskServer([task({ processedNum: 10 })]);
    renderFrame();
    await tick();
    set(task({ processedNum: 50, successNum: 50, state: 'completed' }));
    await tick(TASK_POLL_MS);
    expect(screen.getByText(DONE_EN)).toBeInTheDocument();
    // antd's default would have closed it after 4.5 s.
    await tick(60_000);
    expect(screen.getByText(DONE_EN)).toBeInTheDocument();
    const notice = screen.getByText(DONE_EN).closest('.ant-notification-notice')!;
    act(() =>
      within(notice as HTMLElement)
        .getByRole('button', { name: 'Close' })
        .click(),
    );
    await tick(1000);
    expect(screen.queryByText(DONE_EN)).toBeNull();
  });

  it('says that a cancelled task was cancelled', async () => {
    const { set } = taskServer([task({ processedNum: 10 })]);
    renderFrame();
    await tick();
    set(task({ processedNum: 15, state: 'cancelled' }));
    await tick(TASK_POLL_MS);
    expect(screen.getByText('The task was cancelled')).toBeInTheDocument();
    expect(noticeOf(11)).toBeUndefined();
  });

  it('gives a task started from a screen its own notice at once, next to the others', async () => {
    const { server, set } = taskServer([task()]);
    renderFrame();
    await tick();
    act(() => startTaskNotice({ id: 21, targetId: 'smsBatch:6', category: 1, title: 'Duty roster', total: 5 }));
    // Before any answer: the notice is there, with what the screen knows.
    expect(notices()).toHaveLength(2);
    expect(within(noticeOf(21)!).getByText('0/5')).toBeInTheDocument();
    expect(within(noticeOf(21)!).getByText('Duty roster')).toBeInTheDocument();
    set(task({ id: 21, targetId: 'smsBatch:6', title: 'Duty roster', total: 5, processedNum: 2 }));
    await tick();
    expect(server.calls('GET', '/api/ccwadmin/task/progress/get/21')).toHaveLength(1);
    expect(within(noticeOf(21)!).getByText('2/5')).toBeInTheDocument();
    expect(within(noticeOf(11)!).getByText('0/50')).toBeInTheDocument();

    // One ends, the other goes on.
    set(task({ id: 21, targetId: 'smsBatch:6', title: 'Duty roster', total: 5, processedNum: 5, state: 'completed' }));
    set(task({ processedNum: 25 }));
    await tick(TASK_POLL_MS);
    expect(noticeOf(21)).toBeUndefined();
    expect(within(noticeOf(11)!).getByText('25/50')).toBeInTheDocument();
    expect(screen.getByText(DONE_EN)).toBeInTheDocument();
    // Starting the same task again does not make a second notice.
    act(() => startTaskNotice({ id: 11, targetId: 'smsBatch:5' }));
    expect(notices()).toHaveLength(1);
  });

  it('closes a notice whose task no longer exists', async () => {
    const { server } = taskServer([]);
    renderFrame();
    await tick();
    act(() => startTaskNotice({ id: 99, targetId: 'smsBatch:99', category: 1, total: 3 }));
    expect(noticeOf(99)).toBeDefined();
    await tick();
    expect(server.calls('GET', '/api/ccwadmin/task/progress/get/99')).toHaveLength(1);
    expect(noticeOf(99)).toBeUndefined();
    await tick(TASK_POLL_MS * 2);
    expect(server.calls('GET', GET)).toHaveLength(1);
  });

  it('keeps asking through a failed poll', async () => {
    let down = true;
    const tasks = taskServer([task()]);
    tasks.server.on({
      'GET /api/ccwadmin/task/progress/get/:id': () =>
        down ? { status: 500, body: { status: 500, message: 'boom' } } : ok(task({ processedNum: 30 })),
    });
    renderFrame();
    await tick(TASK_POLL_MS);
    expect(screen.queryByText(/boom/)).toBeNull();
    expect(within(noticeOf(11)!).getByText('0/50')).toBeInTheDocument();
    down = false;
    await tick(TASK_POLL_MS);
    expect(within(noticeOf(11)!).getByText('30/50')).toBeInTheDocument();
  });

  it('stops polling and closes the notices on sign-out', async () => {
    const { server } = taskServer([task(), task({ id: 12, targetId: 'smsBatch:7' })]);
    renderFrame();
    await tick(TASK_POLL_MS);
    expect(notices()).toHaveLength(2);
    expect(server.calls('GET', GET)).toHaveLength(2);
    await act(() => signOut());
    await tick();
    expect(notices()).toHaveLength(0);
    await tick(TASK_POLL_MS * 5);
    expect(server.calls('GET', GET)).toHaveLength(2);
    expect(server.calls('POST', COMPLETE)).toHaveLength(0);
  });

  it('keeps following a task whose notice the user closed, and still tells its end', async () => {
    const { set } = taskServer([task()]);
    renderFrame();
    await tick();
    const close = noticeOf(11)!.closest('.ant-notification-notice')!.querySelector('button')!;
    act(() => close.click());
    await tick(1000);
    expect(noticeOf(11)).toBeUndefined();
    set(task({ processedNum: 20 }));
    await tick(TASK_POLL_MS);
    expect(noticeOf(11)).toBeUndefined();
    set(task({ processedNum: 50, successNum: 50, state: 'completed' }));
    await tick(TASK_POLL_MS);
    expect(screen.getByText(DONE_EN)).toBeInTheDocument();
  });

  it('says the completion text of spec section 9 in zh-CN', async () => {
    expect(zhTasks.done).toBe(TASK_DONE_TEXT_ZH);
    await setLanguage('zh-CN');
    taskServer([task({ state: 'completed', processedNum: 50, successNum: 50 })]);
    renderFrame();
    await tick();
    expect(screen.getByText(TASK_DONE_TEXT_ZH)).toBeInTheDocument();
  });
});
