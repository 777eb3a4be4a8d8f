import { fillPath } from '@fleetdesk/contracts/paths';
import { TASK_POLL_MS, TaskPaths, type TaskProgress } from '@fleetdesk/contracts/tasks';
import { request, type RequestError } from './request';
import { session } from './session';

/**
 * Background-task notices (spec sections 4 and 9): the engine decides, a presenter shows. The signed-in frame
 * runs it with a presenter built on antd's notifications; a screen that starts a task hands it over with
 * `startTaskNotice`, so the notice shows at once, whatever screen the user goes to next.
 */
export interface TaskNoticePresenter {
  /** Opens or updates the task's progress notice (it stays until the task ends). */
  progress(task: TaskProgress): void;
  /**
   * Closes the progress notice and tells how the task ended (completed, failed or cancelled). The completion
   * and failure notices stay until the user closes them (spec: they do not close by themselves).
   */
  finished(task: TaskProgress): void;
  /** Closes the task's notice without a word (sign-out, a task that no longer exists). */
  close(taskId: number): void;
}

/** A task as the screen that started it knows it (the answer of the starting call). */
export interface StartedTask {
  id: number;
  targetId: string;
  category?: number;
  title?: string;
  /** Items to process, when the screen knows it: the notice shows 0/total at once. */
  total?: number;
}

interface Entry {
  task: TaskProgress;
  timer: ReturnType<typeof setTimeout> | null;
}

const FINAL_STATES = new Set<TaskProgress['state']>(['completed', 'failed', 'cancelled']);
/** The notices are the user interface of these calls; only a dead session is said (the relogin box). */
const quiet = { silent: (e: RequestError) => e.status !== 40101 };

const entries = new Map<number, Entry>();
let presenter: TaskNoticePresenter | null = null;
/** Bumped when the notices stop: answers of calls made before are dropped. */
let generation = 0;

/** Done from the web's side: every item processed, or the task ended otherwise (failed, cancelled). */
export function taskEnded(task: TaskProgress): boolean {
  return FINAL_STATES.has(task.state) || (task.total > 0 && task.processedNum >= task.total);
}

function stub(started: StartedTask): TaskProgress {
  return {
    id: started.id,
    targetId: started.targetId,
    category: started.category ?? 0,
    title: started.title ?? '',
    state: 'queued',
    processedNum: 0,
    total: started.total ?? 0,
    successNum: 0,
    failNum: 0,
    result: null,
    error: null,
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
  };
}

function drop(id: number): void {
  const entry = entries.get(id);
  if (entry?.timer) clearTimeout(entry.timer);
  entries.delete(id);
}

function schedule(entry: Entry, delay = TASK_POLL_MS): void {
  if (entry.timer) clearTimeout(entry.timer);
  entry.timer = setTimeout(() => {
    entry.timer = null;
    void poll(entry);
  }, delay);
}

/** A failure of a task call: gone (404) closes the notice, a dead session stops everything, else try again. */
function onFailure(entry: Entry, error: unknown): void {
  const e = error as RequestError;
  if (e.httpStatus === 404) {
    drop(entry.task.id);
    presenter?.close(entry.task.id);
  } else if (e.httpStatus === 401) {
    stopTaskNotices();
  } else {
    schedule(entry);
  }
}

function update(entry: Entry, task: TaskProgress): void {
  entry.task = task;
  if (taskEnded(task)) {
    void complete(entry);
    return;
  }
  presenter?.progress(task);
  schedule(entry);
}

async function poll(entry: Entry): Promise<void> {
  const run = generation;
  if (entries.get(entry.task.id) !== entry) return;
  let task: TaskProgress;
  try {
    task = await request<TaskProgress>(fillPath(TaskPaths.get, { id: entry.task.id }), quiet);
  } catch (error) {
    if (run === generation) onFailure(entry, error);
    return;
  }
  if (run === generation) update(entry, task);
}

/**
 * The completion call: the task leaves the user's list and its outcome is told. The server refuses it (409)
 * while the task is still closing (every item counted, the summary not yet written): then it is asked again.
 */
async function complete(entry: Entry): Promise<void> {
  const run = generation;
  let final: TaskProgress;
  try {
    final = await request<TaskProgress>(fillPath(TaskPaths.complete, { targetId: entry.task.targetId }), {
      method: 'POST',
      ...quiet,
    });
  } catch (error) {
    if (run !== generation) return;
    if ((error as RequestError).httpStatus === 409) {
      presenter?.progress(entry.task);
      schedule(entry);
    } else onFailure(entry, error);
    return;
  }
  if (run !== generation) return;
  drop(entry.task.id);
  presenter?.finished(final);
}

function track(task: TaskProgress, pollNow: boolean): void {
  if (!task.targetId || entries.has(task.id)) return;
  const entry: Entry = { task, timer: null };
  entries.set(task.id, entry);
  if (pollNow) {
    presenter?.progress(task);
    schedule(entry, 0);
  } else {
    update(entry, task);
  }
}

/**
 * Shows the notice of a task a screen has just started, at once, and follows it until it ends (every 2 s,
 * `TASK_POLL_MS`). A task already followed is left alone.
 */
export function startTaskNotice(started: StartedTask): void {
  track(stub(started), true);
}

/** Stops following every task and closes their notices (sign-out, the frame closing). */
export function stopTaskNotices(): void {
  generation++;
  for (const id of [...entries.keys()]) {
    drop(id);
    presenter?.close(id);
  }
}

/**
 * Starts the notices of a signed-in user's frame: the task-list call, then a notice for each task with a
 * target. Stops by itself when the session ends; the returned function stops it too.
 */
export function runTaskNotices(next: TaskNoticePresenter): () => void {
  presenter = next;
  for (const entry of entries.values()) next.progress(entry.task);
  const run = generation;
  // Signing out (here or by a relogin) clears the session: the notices stop with it.
  let signedIn = !!session.get().user;
  const unsubscribe = session.subscribe(() => {
    const now = !!session.get().user;
    if (signedIn && !now) stopTaskNotices();
    signedIn = now;
  });
  request<TaskProgress[]>(TaskPaths.list, quiet)
    .then((tasks) => {
      if (run !== generation || presenter !== next) return;
      for (const task of tasks) track(task, false);
    })
    .catch(() => undefined);
  return () => {
    unsubscribe();
    stopTaskNotices();
    if (presenter === next) presenter = null;
  };
}

/** The tasks followed now (tests, and screens that want to know). */
export function followedTasks(): TaskProgress[] {
  return [...entries.values()].map((e) => e.task);
}
