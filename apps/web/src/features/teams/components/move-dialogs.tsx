import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { TeamCarsInput, TeamMembersAddInput, type TeamMoveResult, type TeamNode } from '@fleetdesk/contracts/teams';
import { InlineFailure } from '../../../components/inline-failure';
import { useModalForm } from '../../../components/use-modal-form';
import { issueMessage } from '../../../lib/validation';
import { useAddCars } from '../api/move-cars';
import { useAddMembers, useRemoveMembers } from '../api/move-members';
import { useDialogFailure } from './dialog-failure';
import { CarsPicker, DriverPicker } from './pickers';

type Node = Pick<TeamNode, 'id' | 'name' | 'rentId'>;

interface MembersValues {
  driverIds?: number[];
  reason?: string;
}

/** "3 drivers joined Team A; 1 was already in it". */
function useResultText(area: 'members' | 'cars') {
  const { t } = useTranslation('teams');
  return (result: TeamMoveResult, name: string) => {
    if (!result.moved) return t(`${area}.nothingMoved`, { name });
    const moved = t(`${area}.moved`, { count: result.moved, name });
    return result.unchanged ? `${moved}; ${t(`${area}.unchanged`, { count: result.unchanged })}` : moved;
  };
}

/** The contracts' rule for the ids chosen, shown under the picker (none chosen: "please choose"). */
function idsRule(schema: typeof TeamMembersAddInput.shape.driverIds, t: (key: string) => string) {
  return {
    validator: async (_: unknown, value?: number[]) => {
      if (!value?.length) throw new Error(t('common:validation.choose'));
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(issueMessage(result.error.issues[0]!, t as never));
    },
  };
}

/** Drivers of the node's company join it (moving out of the fleet or team they were in), with a reason. */
export function AddMembersDialog({ node, onClose }: { node: Node; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const { message } = App.useApp();
  const add = useAddMembers();
  const inline = useDialogFailure(['driverIds', 'reason']);
  const resultText = useResultText('members');
  const { form, submit, saving } = useModalForm<MembersValues, TeamMoveResult>({
    submit: async (v) => {
      inline.clear();
      try {
        return await add.mutateAsync({
          teamId: node.id,
          driverIds: v.driverIds ?? [],
          reason: v.reason?.trim() || null,
        });
      } catch (e) {
        inline.capture(e);
        throw e;
      }
    },
    onSuccess: (result) => {
      const text = resultText(result, node.name);
      void (result.moved ? message.success(text) : message.info(text));
    },
    onClose,
  });
  return (
    <Modal
      open
      title={t('members.addTitle', { name: node.name })}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={t('members.addOk')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <p className="fd-muted">{t('members.addHint')}</p>
      <Form<MembersValues> form={form} layout="vertical" onFinish={submit}>
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <Form.Item
          name="driverIds"
          label={t('members.drivers')}
          required
          rules={[idsRule(TeamMembersAddInput.shape.driverIds, t)]}
        >
          <DriverPicker<number[]> multiple rentId={node.rentId} placeholder={t('members.driversHint')} />
        </Form.Item>
        <Form.Item name="reason" label={t('members.reason')} extra={t('members.reasonHint')}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Drivers leave the node (or its teams), with a reason; their stays are kept in the history. */
export function RemoveMembersDialog({
  node,
  drivers,
  onClose,
  onDone,
}: {
  node: Node;
  drivers: { driverId: number; name: string }[];
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation('teams');
  const { message } = App.useApp();
  const remove = useRemoveMembers();
  const inline = useDialogFailure(['reason']);
  const { form, submit, saving } = useModalForm<{ reason?: string }, TeamMoveResult>({
    submit: async (v) => {
      inline.clear();
      try {
        return await remove.mutateAsync({
          teamId: node.id,
          driverIds: drivers.map((d) => d.driverId),
          reason: v.reason?.trim() || null,
        });
      } catch (e) {
        inline.capture(e);
        throw e;
      }
    },
    onSuccess: (result) => {
      if (result.moved) void message.success(t('members.removed', { count: result.moved, name: node.name }));
      else void message.info(t('members.notRemoved', { name: node.name }));
      onDone?.();
    },
    onClose,
  });
  return (
    <Modal
      open
      title={t('members.removeTitle', { name: node.name })}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={t('members.removeOk')}
      okButtonProps={{ danger: true }}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<{ reason?: string }> form={form} layout="vertical" onFinish={submit}>
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <p>{t('members.removeText', { count: drivers.length, driver: drivers[0]?.name ?? '', name: node.name })}</p>
        <Form.Item name="reason" label={t('members.reason')} extra={t('members.reasonHint')}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Cars of the node's company are run by it from now on (taken from the fleet or team that ran them). */
export function AddCarsDialog({ node, onClose }: { node: Node; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const { message } = App.useApp();
  const add = useAddCars();
  const inline = useDialogFailure(['carIds']);
  const resultText = useResultText('cars');
  const { form, submit, saving } = useModalForm<{ carIds?: number[] }, TeamMoveResult>({
    submit: async (v) => {
      inline.clear();
      try {
        return await add.mutateAsync({ teamId: node.id, carIds: v.carIds ?? [] });
      } catch (e) {
        inline.capture(e);
        throw e;
      }
    },
    onSuccess: (result) => {
      const text = resultText(result, node.name);
      void (result.moved ? message.success(text) : message.info(text));
    },
    onClose,
  });
  return (
    <Modal
      open
      title={t('cars.addTitle', { name: node.name })}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={t('cars.addOk')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <p className="fd-muted">{t('cars.addHint')}</p>
      <Form<{ carIds?: number[] }> form={form} layout="vertical" onFinish={submit}>
        <InlineFailure failure={inline.failure} onClose={inline.clear} />
        <Form.Item name="carIds" label={t('cars.cars')} required rules={[idsRule(TeamCarsInput.shape.carIds, t)]}>
          <CarsPicker rentId={node.rentId} placeholder={t('cars.carsHint')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
