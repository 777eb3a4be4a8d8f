import staticMessage from 'antd/es/message';
import Modal from 'antd/es/modal';
import staticNotification from 'antd/es/notification';
import { feedbackHolders } from './feedback-holders';
import type { Presentation } from './request-errors';
import { signOut } from './sign-out';

let reloginOpen = false;

/** Shows a failure with antd's `App` instances (feedback-holders.ts); until one registers, antd's static methods. */
export function show(p: Presentation): void {
  const holders = feedbackHolders();
  const message = holders?.message ?? staticMessage;
  const notification = holders?.notification ?? staticNotification;
  switch (p.kind) {
    case 'message':
      void message.open({ type: p.level, content: p.text, duration: p.duration });
      return;
    case 'notification':
      notification.open({ type: p.level, title: p.title, description: p.text, duration: p.duration });
      return;
    case 'relogin': {
      // Several calls can fail at once: one box.
      if (reloginOpen) return;
      reloginOpen = true;
      const confirm = holders?.modal.confirm ?? Modal.confirm;
      confirm({
        title: p.title,
        content: p.text,
        okText: p.okText,
        cancelText: p.cancelText,
        onOk: async () => {
          await signOut();
          window.location.reload();
        },
        afterClose: () => {
          reloginOpen = false;
        },
      });
    }
  }
}
