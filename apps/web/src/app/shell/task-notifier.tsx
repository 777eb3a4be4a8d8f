import App from 'antd/es/app';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TaskProgress } from '@fleetdesk/contracts/tasks';
import { i18n, registerNamespace } from '../../lib/i18n';
import { runTaskNotices, type TaskNoticePresenter } from '../../lib/task-notices';
import en from '../../locales/en-US/tasks.json';
import zh from '../../locales/zh-CN/tasks.json';
import './task-notifier.css';

registerNamespace('tasks', { 'zh-CN': zh, 'en-US': en });

type Notification = ReturnType<typeof App.useApp>['notification'];

const noticeKey = (id: number) => `task-${id}`;

/** The screen that shows a task's results, by the kind of its target (`smsBatch:12`). */
export function relatedPath(task: TaskProgress): string | null {
  const [kind, id] = task.targetId.split(':');
  if (kind === 'smsBatch' && id) return `/oa/message?tab=history&batch=${encodeURIComponent(id)}`;
  return null;
}

function categoryTitle(category: number): string {
  return i18n.t(`tasks:category.${category}`, { defaultValue: i18n.t('tasks:category.other') });
}

function ProgressBody({ task }: { task: TaskProgress }) {
  const { t } = useTranslation('tasks');
  const known = task.total > 0;
  const percent = known ? Math.min(100, Math.floor((task.processedNum * 100) / task.total)) : 0;
  return (
    <div className="fd-task-notice" data-testid="task-notice" data-task-id={task.id}>
      {task.title && (
        <div className="fd-task-notice-subject" title={task.title}>
          {task.title}
        </div>
      )}
      <div>{t(task.state === 'queued' && !task.processedNum ? 'queued' : 'running')}</div>
      <Progress
        percent={percent}
        size="small"
        status="active"
        aria-label={t('progressLabel')}
        format={() => (known ? `${task.processedNum}/${task.total}` : '…')}
      />
    </div>
  );
}

function OutcomeBody({ task, onView }: { task: TaskProgress; onView: (() => void) | null }) {
  const { t } = useTranslation('tasks');
  return (
    <div className="fd-task-notice">
      <div className="fd-task-notice-subject" title={task.title}>
        {categoryTitle(task.category)}
        {task.title ? ` · ${task.title}` : ''}
      </div>
      {task.state === 'failed' && task.error && <div className="fd-task-notice-error">{task.error}</div>}
      {task.total > 0 && (
        <div className="fd-muted">
          {task.state === 'completed'
            ? t('counts', { success: task.successNum, failed: task.failNum })
            : t('processed', { processed: task.processedNum, total: task.total })}
        </div>
      )}
      {onView && (
        <Button type="link" size="small" className="fd-task-notice-link" onClick={onView}>
          {t('view')}
        </Button>
      )}
    </div>
  );
}

export function createPresenter(notification: Notification, navigate: (path: string) => void): TaskNoticePresenter {
  /** Progress notices the user closed: the task is still followed, its end still told. */
  const dismissed = new Set<number>();
  const closing = new Set<number>();
  const close = (id: number) => {
    closing.add(id);
    notification.destroy(noticeKey(id));
    closing.delete(id);
    dismissed.delete(id);
  };
  return {
    progress(task) {
      if (dismissed.has(task.id)) return;
      notification.open({
        key: noticeKey(task.id),
        placement: 'bottomRight',
        duration: false,
        title: categoryTitle(task.category),
        description: <ProgressBody task={task} />,
        onClose: () => {
          if (!closing.has(task.id)) dismissed.add(task.id);
        },
      });
    },
    finished(task) {
      close(task.id);
      const path = relatedPath(task);
      const key = `${noticeKey(task.id)}-end`;
      const onView = path
        ? () => {
            notification.destroy(key);
            navigate(path);
          }
        : null;
      const description = <OutcomeBody task={task} onView={onView} />;
      // Spec section 9: task notices do not close by themselves (antd 6 closes after 4.5 s unless told `false`).
      const common = { key, placement: 'bottomRight' as const, description, duration: false as const };
      if (task.state === 'failed') notification.error({ ...common, title: i18n.t('tasks:failedTitle') });
      else if (task.state === 'cancelled') notification.warning({ ...common, title: i18n.t('tasks:cancelledTitle') });
      else notification.success({ ...common, title: i18n.t('tasks:done') });
    },
    close,
  };
}

/**
 * Mounted once in the signed-in frame: the task-list call, then a bottom-right notice per task that follows
 * its progress until it ends (lib/task-notices.ts decides; antd shows).
 */
export function TaskNotifier() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => runTaskNotices(createPresenter(notification, (path) => navigateRef.current(path))), [notification]);
  return null;
}
