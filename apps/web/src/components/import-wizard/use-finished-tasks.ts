import { TASK_POLL_MS } from '@fleetdesk/contracts/tasks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { followedTasks } from '../../lib/task-notices';

/**
 * Background tasks a screen started and wants to hear the end of (an import, to refresh the list): the task
 * notifier follows them; once one is no longer followed, it has ended and `onEnd` runs.
 */
export function useFinishedTasks(onEnd: () => void): (taskId: number) => void {
  const [ids, setIds] = useState<number[]>([]);
  const callback = useRef(onEnd);
  useEffect(() => {
    callback.current = onEnd;
  });
  useEffect(() => {
    if (!ids.length) return;
    const timer = setInterval(() => {
      const followed = new Set(followedTasks().map((t) => t.id));
      const left = ids.filter((id) => followed.has(id));
      if (left.length < ids.length) {
        callback.current();
        setIds(left);
      }
    }, TASK_POLL_MS);
    return () => clearInterval(timer);
  }, [ids]);
  return useCallback((taskId: number) => setIds((current) => [...current, taskId]), []);
}
