import App from 'antd/es/app';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import type { Employee, EmployeeStatus } from '@fleetdesk/contracts/organisation';
import { useAccess } from '../../../lib/access';
import { useInviteEmployee } from '../api/invite-employee';
import { useSetEmployeeStatus } from '../api/set-employee-status';
import { SandboxOutbox } from './sandbox-outbox';

type StatusAction = 'disable' | 'enable' | 'leave';
const TARGET: Record<StatusAction, EmployeeStatus> = { disable: 'disabled', enable: 'active', leave: 'left' };

/**
 * A row's actions: edit (view for a left employee), SMS invitation again (only before the first sign-in),
 * disable / enable, mark as left.
 */
export function EmployeeActions({ employee, onEdit }: { employee: Employee; onEdit: (e: Employee) => void }) {
  const { t } = useTranslation('organisation');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const setStatus = useSetEmployeeStatus();
  const invite = useInviteEmployee();
  const canEdit = access.can('oaDepart:edit');
  const left = employee.status === 'left';
  // The tenant's administrator account cannot be disabled or removed from the screen.
  const locked = employee.administrator;

  const confirmStatus = (action: StatusAction) => {
    modal.confirm({
      title: t(`statusAction.${action}Title`, { name: employee.name }),
      content: t(`statusAction.${action}Text`, { name: employee.name }),
      okText: t(`statusAction.${action}`),
      okButtonProps: { danger: action !== 'enable' },
      onOk: async () => {
        const done = await setStatus.mutateAsync({ id: employee.id, status: TARGET[action] }).then(
          () => true,
          () => false,
        );
        if (done) void message.success(t(`statusAction.${action}Done`, { name: employee.name }));
      },
    });
  };

  const confirmInvite = () => {
    modal.confirm({
      title: t('invite.title', { name: employee.name }),
      content: t('invite.text', { phone: employee.phone }),
      okText: t('invite.send'),
      onOk: async () => {
        const sent = await invite.mutateAsync(employee.id).catch(() => null);
        if (!sent) return;
        if (!sent.sandbox) {
          void message.success(t('invite.sent', { name: employee.name, hours: sent.validHours }));
          return;
        }
        // Nothing left the building: say where the code really is, with the way there.
        const done = modal.success({
          title: t('invite.sentSandbox', { name: employee.name, hours: sent.validHours }),
          content: <SandboxOutbox phone={employee.phone} onOpen={() => done.destroy()} />,
        });
      },
    });
  };

  const more = [
    // Invitations go only to accounts that never signed in (the server refuses the others).
    ...(canEdit && !left && employee.status === 'active' && !employee.lastLoginAt
      ? [{ key: 'invite', label: t('actions.invite') }]
      : []),
    ...(canEdit && !left && !locked
      ? [
          employee.status === 'active'
            ? { key: 'disable', label: t('statusAction.disable') }
            : { key: 'enable', label: t('statusAction.enable') },
          { key: 'leave', label: t('statusAction.leave'), danger: true },
        ]
      : []),
  ];

  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => onEdit(employee)}>
        {canEdit && !left ? t('actions.edit') : t('actions.view')}
      </Button>
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more,
            onClick: ({ key }) => (key === 'invite' ? confirmInvite() : confirmStatus(key as StatusAction)),
          }}
        >
          <Button type="link" size="small" aria-label={t('actions.moreFor', { name: employee.name })}>
            {t('actions.more')}
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
