import type App from 'antd/es/app';
import staticMessage from 'antd/es/message';
import Modal from 'antd/es/modal';
import staticNotification from 'antd/es/notification';
import type { Presentation } from './request-errors';
import { signOut } from './sign-out';

type Holders = ReturnType<typeof App.useApp>;

/** Instances from antd's `App` (themed and localised); until one registers, antd's static methods. */
let holders: Holders | null = null;

export function registerFeedbackHolders(next: Holders | null): void {
  holders = next;
}

let reloginOpen = false;

export function show(p: Presentation): void {
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
