import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GPS_COMMAND_TYPES,
  INTERVAL_MAX_SECONDS,
  INTERVAL_MIN_SECONDS,
  commandPermission,
  GPS_COMMAND_PERMISSION,
  type GpsCommandType,
} from '@fleetdesk/contracts/gps-commands';
import { useAccess } from '../../../../lib/access';
import { serverFieldErrors } from '../../../../lib/field-failure';
import type { RequestError } from '../../../../lib/request';
import { isTooFast, key, sendCommand, type SendCommand } from '../api/gps-commands';
import '../i18n';

interface Values {
  commandType: GpsCommandType;
  reason: string;
  intervalSeconds?: number;
}

/** Whether the user may send any command (the button is hidden otherwise). */
export function useCanCommand(): boolean {
  const access = useAccess();
  return access.can(GPS_COMMAND_PERMISSION.other) || access.can(GPS_COMMAND_PERMISSION.fuel);
}

/**
 * The command dialog of one device: type, reason, the interval when needed. A fuel cut asks a red confirmation
 * first, and a second one when the server answers that the car is faster than the safe speed (then it is forced;
 * only with `riskGpsMap:forceFuelCut`, else the dialog says why not).
 * The types offered are those the user's elements allow (`riskGpsMap:fuelCut` for fuel, `riskGpsMap:command`).
 */
export function CommandDialog({
  device,
  onClose,
}: {
  device: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('gps-commands');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState(false);
  const type = Form.useWatch('commandType', form);
  const types = GPS_COMMAND_TYPES.filter((c) => access.can(commandPermission(c)));

  const send = async (input: SendCommand): Promise<void> => {
    setPending(true);
    try {
      await sendCommand(device!.id, input);
      void message.success(t('dialog.sent', { type: t(`type.${input.commandType}`) }));
      await client.invalidateQueries({ queryKey: [...key] });
      form.resetFields();
      onClose();
    } catch (e) {
      if (isTooFast(e) && !input.force) {
        // Forcing skips the approval and the safe speed: only with its own element.
        if (access.can(GPS_COMMAND_PERMISSION.force))
          modal.confirm({
            title: t('dialog.tooFastTitle'),
            content: (e as RequestError).serverMessage,
            okText: t('dialog.forceOk'),
            okButtonProps: { danger: true },
            onOk: () => send({ ...input, force: true }),
          });
        else
          modal.warning({
            title: t('dialog.tooFastTitle'),
            content: (
              <>
                <p>{(e as RequestError).serverMessage}</p>
                <p>{t('dialog.forceNotAllowed')}</p>
              </>
            ),
          });
        return;
      }
      const fields = serverFieldErrors(e);
      if (fields.length)
        form.setFields(
          fields.map((f) => ({
            name: (f.path === 'params.intervalSeconds' ? 'intervalSeconds' : f.path) as keyof Values,
            errors: [f.message],
          })),
        );
    } finally {
      setPending(false);
    }
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const input: SendCommand = {
      commandType: v.commandType,
      reason: v.reason.trim(),
      ...(v.commandType === 'interval' ? { params: { intervalSeconds: v.intervalSeconds } } : {}),
    };
    if (v.commandType === 'fuelCut')
      modal.confirm({
        title: t('dialog.fuelConfirm', { name: device!.name }),
        content: t('dialog.fuelConfirmText', { reason: input.reason }),
        okText: t('dialog.cutOk'),
        okButtonProps: { danger: true },
        onOk: () => send(input),
      });
    else await send(input);
  };

  return (
    <Modal
      open={device !== null}
      title={device ? t('dialog.title', { name: device.name }) : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={pending}
      okButtonProps={type === 'fuelCut' ? { danger: true } : {}}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="gps-command-form">
        <Form.Item
          name="commandType"
          label={t('dialog.type')}
          rules={[{ required: true, message: t('dialog.typeRequired') }]}
        >
          <Select<GpsCommandType> options={types.map((c) => ({ value: c, label: t(`type.${c}`) }))} />
        </Form.Item>
        {type === 'interval' && (
          <Form.Item
            name="intervalSeconds"
            label={t('dialog.interval')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: INTERVAL_MIN_SECONDS,
                max: INTERVAL_MAX_SECONDS,
                message: t('dialog.intervalRequired'),
              },
            ]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('dialog.reason')}
          rules={[{ required: true, whitespace: true, max: 200, message: t('dialog.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('dialog.reasonPlaceholder')} />
        </Form.Item>
        {type === 'fuelCut' ? (
          <Alert type="error" showIcon title={t('dialog.fuelWarning')} />
        ) : (
          <Alert type="info" showIcon title={t('dialog.queuedNote')} />
        )}
      </Form>
    </Modal>
  );
}

/** The "Command" action of a device (device list, the map's car drawer); hidden without a command element. */
export function CommandButton({
  device,
  size,
  block,
}: {
  device: { id: number; name: string };
  size?: 'small' | 'middle';
  block?: boolean;
}) {
  const { t } = useTranslation('gps-commands');
  const can = useCanCommand();
  const [open, setOpen] = useState(false);
  if (!can) return null;
  return (
    <>
      <Button size={size} block={block} onClick={() => setOpen(true)} data-testid={`gps-command-${device.id}`}>
        {t('dialog.open')}
      </Button>
      <CommandDialog device={open ? device : null} onClose={() => setOpen(false)} />
    </>
  );
}
