import PlusOutlined from '@ant-design/icons/PlusOutlined';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import TimePicker from 'antd/es/time-picker';
import TreeSelect from 'antd/es/tree-select';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShiftInput, type Shift } from '@fleetdesk/contracts/attendance';
import type { Department } from '@fleetdesk/contracts/organisation';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { hasKeyword, localPaged } from '../../../components/list-page/local-list';
import { useModalForm } from '../../../components/use-modal-form';
import { useAccess } from '../../../lib/access';
import { departmentsQuery } from '../../../lib/organisation-lists';
import { issueMessage } from '../../../lib/validation';
import { shiftsQuery, useDeleteShift, useSaveShift } from '../api/attendance';
import '../i18n';
import { departmentOptions } from '../model/department-options';
import './attendance.css';

const DAYS = [1, 2, 3, 4, 5, 6, 7];

interface Values {
  departmentId?: number | null;
  name?: string;
  workDays?: number[];
  startTime?: Dayjs;
  endTime?: Dayjs;
  graceMinutes?: number;
}

function ShiftForm({ shift, departments, onClose }: { shift?: Shift; departments: Department[]; onClose: () => void }) {
  const { t } = useTranslation('attendance');
  const { message } = App.useApp();
  const save = useSaveShift();
  const { form, submit: send } = useModalForm<Values, unknown, ShiftInput>({
    submit: (input) => save.mutateAsync(input),
    onSuccess: (_, input) => void message.success(t('shifts.saved', { name: input.name })),
    onClose,
  });

  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    const parsed = ShiftInput.safeParse({
      departmentId: v.departmentId ?? null,
      name: v.name ?? '',
      workDays: v.workDays ?? [],
      startTime: v.startTime?.format('HH:mm') ?? '',
      endTime: v.endTime?.format('HH:mm') ?? '',
      graceMinutes: v.graceMinutes ?? 0,
    });
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((i) => ({ name: i.path.join('.') as keyof Values, errors: [issueMessage(i, t)] })),
      );
      return;
    }
    await send(parsed.data);
  };

  return (
    <Modal
      open
      title={shift ? t('shifts.editTitle', { name: shift.name }) : t('shifts.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:actions.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          departmentId: shift?.departmentId ?? null,
          name: shift?.name ?? '',
          workDays: shift?.workDays ?? [1, 2, 3, 4, 5],
          startTime: dayjs(`2000-01-01T${shift?.startTime ?? '09:00'}`),
          endTime: dayjs(`2000-01-01T${shift?.endTime ?? '18:00'}`),
          graceMinutes: shift?.graceMinutes ?? 5,
        }}
      >
        <Form.Item name="departmentId" label={t('shifts.department')} extra={t('shifts.departmentHint')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            disabled={!!shift}
            placeholder={t('shifts.default')}
            treeData={departmentOptions(departments)}
          />
        </Form.Item>
        <Form.Item name="name" label={t('shifts.name')} required>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="workDays" label={t('shifts.workDays')} required>
          <Checkbox.Group
            className="fd-shift-days"
            options={DAYS.map((d) => ({ value: d, label: t(`weekday.${d}`) }))}
          />
        </Form.Item>
        <Space>
          <Form.Item name="startTime" label={t('shifts.start')} required>
            <TimePicker format="HH:mm" minuteStep={5} allowClear={false} />
          </Form.Item>
          <Form.Item name="endTime" label={t('shifts.end')} required>
            <TimePicker format="HH:mm" minuteStep={5} allowClear={false} />
          </Form.Item>
          <Form.Item name="graceMinutes" label={t('shifts.grace')}>
            <InputNumber min={0} max={120} precision={0} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** `/oa/attendance`: the default shift and the departments' own. */
export default function ShiftsPage() {
  const { t } = useTranslation('attendance');
  const { modal, message } = App.useApp();
  const access = useAccess();
  const filters = useMemo<FilterField[]>(
    () => [{ type: 'text', name: 'keyword', label: t('shifts.keyword'), placeholder: t('shifts.keywordHint') }],
    [t],
  );
  // A tenant has a shift or a few per department, and their call answers them all: the keyword (the shift's name or
  // its department's, as the table shows it) and the page are applied here, under the area key the shift mutations
  // invalidate.
  const query = useMemo(
    () =>
      localPaged(shiftsQuery(), (s: Shift, f) =>
        hasKeyword(f.keyword, s.name, s.departmentName ?? t('shifts.default')),
      ),
    [t],
  );
  const departments = useQuery({ ...departmentsQuery(), enabled: access.can('oaDepart') });
  const remove = useDeleteShift();
  const [editing, setEditing] = useState<{ shift?: Shift } | null>(null);
  const canEdit = access.can('oaAttendanceRule:edit');
  const columns: ListColumn<Shift>[] = [
    { key: 'dept', title: t('shifts.department'), render: (_, s) => s.departmentName ?? t('shifts.default') },
    { key: 'name', title: t('shifts.name'), dataIndex: 'name' },
    {
      key: 'days',
      title: t('shifts.workDays'),
      render: (_, s) => s.workDays.map((d) => t(`weekday.${d}`)).join(' '),
    },
    { key: 'hours', title: t('shifts.hours'), render: (_, s) => `${s.startTime} - ${s.endTime}` },
    { key: 'grace', title: t('shifts.grace'), dataIndex: 'graceMinutes', align: 'right' },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('shifts.actions'),
            render: (_: unknown, s: Shift) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing({ shift: s })}>
                  {t('shifts.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: t('shifts.deleteConfirm', { name: s.name }),
                      okButtonProps: { danger: true },
                      onOk: async () => {
                        const ok = await remove.mutateAsync(s.id).then(
                          () => true,
                          () => false,
                        );
                        if (ok) void message.success(t('shifts.deleted'));
                      },
                    })
                  }
                >
                  {t('actions.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <section className="fd-attendance-page" data-testid="shifts">
      <ListPage<Shift>
        id="attendance-shifts"
        title={t('shifts.title')}
        extra={<span className="fd-muted">{t('shifts.hint')}</span>}
        toolbar={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              {t('shifts.add')}
            </Button>
          )
        }
        filters={filters}
        columns={columns}
        rowKey={(s) => s.id}
        query={query}
        emptyText={t('shifts.empty')}
      />
      {editing && (
        <ShiftForm shift={editing.shift} departments={departments.data ?? []} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
