import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LEADER_KINDS,
  TeamInput,
  TeamUpdateInput,
  type LeaderKind,
  type TeamDetail,
  type TeamKind,
} from '@fleetdesk/contracts/teams';
import { InlineFailure } from '../../../components/inline-failure';
import { useModalForm } from '../../../components/use-modal-form';
import { useAccess } from '../../../lib/access';
import { isBlockingFailure, serverFieldErrors } from '../../../lib/field-failure';
import { activeStaffQuery } from '../../../lib/organisation-lists';
import { RequestError } from '../../../lib/request';
import { useSession } from '../../../lib/session';
import { issueMessage } from '../../../lib/validation';
import { teamOptionsQuery } from '../api/get-options';
import { teamQuery } from '../api/get-team';
import { teamsKey } from '../api/keys';
import { useSaveTeam } from '../api/save-team';
import { DriverPicker } from './pickers';

/** What the form is opened for: a new fleet (of a company), a new team (under a fleet), or a node to change. */
export type FormTarget =
  | { mode: 'create'; kind: 'fleet'; rentId: number | null }
  | { mode: 'create'; kind: 'team'; rentId: number; parentId: number }
  | { mode: 'edit'; id: number };

interface Values {
  rentId?: number | null;
  parentId?: number | null;
  name?: string;
  leaderKind: LeaderKind;
  leaderUserId?: number | null;
  leaderDriverId?: number | null;
  enabled: boolean;
  sort?: number | null;
  remark?: string;
}

/** The fields the form shows (a server path outside them is said above the form). */
const FIELDS = new Set([
  'rentId',
  'parentId',
  'name',
  'leaderKind',
  'leaderUserId',
  'leaderDriverId',
  'enabled',
  'sort',
  'remark',
]);

/** The leader rule's message (at `leaderKind`) belongs under the picker of the kind chosen. */
function fieldOf(path: string, leaderKind: LeaderKind | undefined): string | null {
  const top = path.split('.')[0] ?? '';
  if (top === 'leaderKind' && leaderKind === 'employee') return 'leaderUserId';
  if (top === 'leaderKind' && leaderKind === 'driver') return 'leaderDriverId';
  return FIELDS.has(top) ? top : null;
}

function valuesOf(team: TeamDetail): Values {
  return {
    rentId: team.rentId,
    parentId: team.parentId,
    name: team.name,
    leaderKind: team.leader?.kind ?? 'none',
    leaderUserId: team.leader?.kind === 'employee' ? team.leader.id : null,
    leaderDriverId: team.leader?.kind === 'driver' ? team.leader.id : null,
    enabled: team.enabled,
    sort: team.sort,
    remark: team.remark ?? '',
  };
}

/**
 * Adding a fleet or a team, or changing one: company (fixed once made), fleet (a team's), name, leader (none, an
 * employee who sees the company, or one of its drivers), in use, order, remark. The contracts' rules are checked
 * before sending; the server's field errors land on their fields; a refusal (changed meanwhile, name taken) stays
 * above the form, with a way to reload when the fleet changed meanwhile.
 */
export function TeamForm({
  target,
  onClose,
  onSaved,
}: {
  target: FormTarget;
  onClose: () => void;
  onSaved?: (team: TeamDetail) => void;
}) {
  const { t } = useTranslation('teams');
  const { message } = App.useApp();
  const client = useQueryClient();
  const access = useAccess();
  const me = useSession((s) => s.user);
  const rents = useMemo(() => me?.rents ?? [], [me]);
  const save = useSaveTeam();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const editing = useQuery({ ...teamQuery(target.mode === 'edit' ? target.id : 0), enabled: target.mode === 'edit' });
  // The version sent is the one the form was filled from: once sent, it stays while the page refreshes behind.
  const [pinned, setPinned] = useState<TeamDetail | null>(null);
  const latest = editing.data;
  const team = target.mode === 'edit' ? (pinned ?? latest) : undefined;
  // Refused because someone changed it meanwhile: the stored version is newer than the one sent.
  const changedMeanwhile = !!pinned && !!latest && latest.version !== pinned.version;
  const kind: TeamKind = target.mode === 'edit' ? (team?.kind ?? 'fleet') : target.kind;

  const initialValues: Values = team
    ? valuesOf(team)
    : {
        rentId:
          target.mode === 'create'
            ? (target.rentId ?? (rents.length === 1 ? rents[0]!.id : (me?.rentId ?? null)))
            : null,
        parentId: target.mode === 'create' && target.kind === 'team' ? target.parentId : null,
        leaderKind: 'none',
        leaderUserId: null,
        leaderDriverId: null,
        enabled: true,
        sort: 0,
        remark: '',
      };
  // A reload after "changed meanwhile" brings a new version: the form shows what is stored now.
  const version = team?.version;
  useEffect(() => {
    if (version !== undefined) form.resetFields();
  }, [version, form]);

  const rentId = Form.useWatch('rentId', form) ?? initialValues.rentId ?? undefined;
  const leaderKind = Form.useWatch('leaderKind', form) ?? initialValues.leaderKind;
  const fleets = useQuery({ ...teamOptionsQuery(rentId ?? undefined), enabled: kind === 'team' && !!rentId });
  const staff = useQuery(activeStaffQuery(access.can('oaDepart:view')));

  const { submit, saving } = useModalForm<Values, TeamDetail, TeamInput | TeamUpdateInput>({
    form,
    submit: async (input) => {
      setFailure(null);
      try {
        return await save.mutateAsync(input);
      } catch (e) {
        if (e instanceof RequestError && isBlockingFailure(e)) {
          setFailure(e.serverMessage || e.message);
          // What is stored now (a newer version offers the reload), without touching what the user typed.
          void client.invalidateQueries({ queryKey: teamsKey });
        }
        // A field error about something the form does not show (the version, say) is said above the form.
        const kindNow = form.getFieldValue('leaderKind') as LeaderKind | undefined;
        const stray = serverFieldErrors(e).filter((x) => fieldOf(x.path, kindNow) === null);
        if (stray.length) setFailure(stray.map((x) => x.message).join('; '));
        throw e;
      }
    },
    onSuccess: (saved) => {
      void message.success(t(target.mode === 'edit' ? 'form.saved' : 'form.created', { name: saved.name }));
      onSaved?.(saved);
    },
    onClose,
    field: (path) => fieldOf(path, form.getFieldValue('leaderKind') as LeaderKind | undefined),
  });

  const finish = async (v: Values) => {
    setFailure(null);
    const fields = {
      rentId: v.rentId ?? undefined,
      parentId: kind === 'team' ? (v.parentId ?? null) : null,
      name: v.name?.trim() ?? '',
      leaderKind: v.leaderKind,
      leaderUserId: v.leaderKind === 'employee' ? (v.leaderUserId ?? null) : null,
      leaderDriverId: v.leaderKind === 'driver' ? (v.leaderDriverId ?? null) : null,
      enabled: v.enabled,
      sort: v.sort ?? 0,
      remark: v.remark?.trim() || null,
    };
    const parsed = team
      ? TeamUpdateInput.safeParse({ ...fields, id: team.id, version: team.version })
      : TeamInput.safeParse(fields);
    const errors = new Map<string, string>();
    // A team without its fleet would be a fleet: the schema allows no parent, the form does not.
    if (kind === 'team' && fields.parentId === null) errors.set('parentId', t('common:validation.choose'));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = fieldOf(issue.path.map(String).join('.'), v.leaderKind);
        if (!name || errors.has(name)) continue;
        const empty = (fields as Record<string, unknown>)[name] == null && issue.code !== 'custom';
        errors.set(name, empty ? t('common:validation.required') : issueMessage(issue, t));
      }
    }
    if (errors.size) {
      form.setFields([...errors].map(([name, text]) => ({ name: name as keyof Values, errors: [text] })));
      return;
    }
    if (!parsed.success) return;
    if (team) setPinned(team);
    await submit(parsed.data);
  };

  /** The form filled again from what is stored now (what the user typed is dropped). */
  const reload = () => {
    setFailure(null);
    setPinned(null);
  };

  const staffOptions = [
    ...(staff.data ?? [])
      .filter((e) => !rentId || e.rentIds.includes(rentId))
      .map((e) => ({ value: e.id, label: `${e.name} ${e.phone}` })),
  ];
  // Without the address book the list is not readable: the current leader and the user himself stay choosable.
  const ownOptions = [
    ...(team?.leader?.kind === 'employee' ? [{ value: team.leader.id, label: team.leader.name }] : []),
    ...(me && (!rentId || me.rents.some((r) => r.id === rentId)) ? [{ value: me.id, label: me.name }] : []),
  ].filter((o) => !staffOptions.some((s) => s.value === o.value));
  const title =
    target.mode === 'edit'
      ? t('form.editTitle', { name: team?.name ?? '' })
      : kind === 'fleet'
        ? t('form.newFleetTitle')
        : t('form.newTeamTitle');

  return (
    <Modal
      open
      width={600}
      title={title}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={t('common:actions.save')}
      okButtonProps={{ disabled: target.mode === 'edit' && !team }}
      confirmLoading={saving}
      destroyOnHidden
    >
      {target.mode === 'edit' && !team ? null : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={finish}
          initialValues={initialValues}
          // An error set by a check or by the server goes once its field changes.
          onValuesChange={(changed: Partial<Values>) =>
            form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))
          }
          className="fd-team-form"
        >
          <InlineFailure
            failure={failure}
            onClose={() => setFailure(null)}
            action={
              changedMeanwhile ? (
                <Button size="small" onClick={reload}>
                  {t('actions.reload')}
                </Button>
              ) : undefined
            }
          />
          <div className="fd-team-form-grid">
            <Form.Item
              name="rentId"
              label={t('form.company')}
              required
              extra={target.mode === 'edit' && kind === 'fleet' ? t('form.companyFixed') : undefined}
            >
              <Select
                disabled={target.mode === 'edit' || kind === 'team'}
                options={rents.map((r) => ({ value: r.id, label: r.shortName || r.name }))}
                onChange={() => form.setFieldsValue({ parentId: null, leaderUserId: null, leaderDriverId: null })}
              />
            </Form.Item>
            {kind === 'team' ? (
              <Form.Item name="parentId" label={t('form.parent')} required>
                <Select
                  loading={fleets.isLoading}
                  options={[
                    // The fleet the team is under now, even when disabled (the options are the enabled ones).
                    ...(team?.parentId && !(fleets.data ?? []).some((f) => f.id === team.parentId)
                      ? [{ value: team.parentId, label: team.parentName ?? String(team.parentId) }]
                      : []),
                    ...(fleets.data ?? [])
                      .filter((f) => f.kind === 'fleet')
                      .map((f) => ({ value: f.id, label: f.label })),
                  ]}
                />
              </Form.Item>
            ) : null}
            <Form.Item name="name" label={t('form.name')} required>
              <Input maxLength={30} autoFocus />
            </Form.Item>
          </div>
          <Form.Item name="leaderKind" label={t('form.leaderKind')}>
            <Radio.Group
              options={LEADER_KINDS.map((k) => ({ value: k, label: t(`leaderKind.${k}`) }))}
              onChange={() =>
                form.setFields([
                  { name: 'leaderUserId', errors: [] },
                  { name: 'leaderDriverId', errors: [] },
                ])
              }
            />
          </Form.Item>
          {leaderKind === 'employee' ? (
            <Form.Item name="leaderUserId" label={t('form.employee')} required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                placeholder={t('form.employeePlaceholder')}
                loading={staff.isLoading}
                options={[...ownOptions, ...staffOptions]}
              />
            </Form.Item>
          ) : null}
          {leaderKind === 'driver' ? (
            <Form.Item name="leaderDriverId" label={t('form.driver')} required>
              <DriverPicker<number | null>
                rentId={rentId ?? undefined}
                placeholder={t('form.driverPlaceholder')}
                chosen={
                  team?.leader?.kind === 'driver'
                    ? [{ value: team.leader.id, label: `${team.leader.name} ${team.leader.phone ?? ''}`.trim() }]
                    : []
                }
              />
            </Form.Item>
          ) : null}
          <div className="fd-team-form-grid">
            <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="sort" label={t('form.sort')} extra={t('form.sortHint')}>
              <InputNumber<number> min={0} max={9999} precision={0} />
            </Form.Item>
          </div>
          <Form.Item name="remark" label={t('form.remark')}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
