import App from 'antd/es/app';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Image from 'antd/es/image';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCIDENT_DELETABLE,
  ACCIDENT_STATE_TITLES,
  ACCIDENT_TRANSITIONS,
  CLAIM_STATE_TITLES,
  RESPONSIBILITY_TITLES,
  type AccidentState,
} from '@fleetdesk/contracts/compliance';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney, formatPlate } from '../../../lib/format';
import { accidentQuery, useDeleteAccident, useMoveAccident } from '../api/compliance';
import { AccidentModal } from './accident-modal';
import { titleOf } from './shared';

export const ACCIDENT_COLOURS: Record<AccidentState, string> = {
  reported: 'blue',
  assessing: 'gold',
  repairing: 'orange',
  claimed: 'purple',
  settled: 'cyan',
  closed: 'green',
  cancelled: 'default',
};

export function AccidentStateTag({ state }: { state: AccidentState }) {
  return <Tag color={ACCIDENT_COLOURS[state]}>{titleOf(ACCIDENT_STATE_TITLES[state])}</Tag>;
}

/** One accident: its data, photos and history, the state moves it allows, edit and delete. */
export function AccidentDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const { message } = App.useApp();
  const access = useAccess();
  const accident = useQuery(accidentQuery(id));
  const move = useMoveAccident();
  const remove = useDeleteAccident();
  const [editing, setEditing] = useState(false);
  const a = accident.data;
  const canEdit = access.can('rentCar:edit');
  const final = a ? ACCIDENT_TRANSITIONS[a.state].length === 0 : false;

  const moveTo = async (state: AccidentState) => {
    const done = await move.mutateAsync({ id, state }).catch(() => null);
    if (done) void message.success(t('accidents.moved', { state: titleOf(ACCIDENT_STATE_TITLES[state]) }));
  };

  return (
    <Drawer
      open
      width={640}
      onClose={onClose}
      title={a ? `${formatPlate(a.plate)} · ${formatDateTime(a.occurredAt)}` : ''}
    >
      {!a ? (
        <Skeleton active />
      ) : (
        <>
          <Space wrap className="fd-compliance-actions">
            <AccidentStateTag state={a.state} />
            {canEdit
              ? ACCIDENT_TRANSITIONS[a.state].map((s) => (
                  <Button key={s} size="small" loading={move.isPending} onClick={() => void moveTo(s)}>
                    {t('accidents.moveTo', { state: titleOf(ACCIDENT_STATE_TITLES[s]) })}
                  </Button>
                ))
              : null}
            {canEdit && !final ? (
              <Button size="small" type="link" onClick={() => setEditing(true)}>
                {t('actions.edit')}
              </Button>
            ) : null}
            {access.can('rentCar:delete') && ACCIDENT_DELETABLE.includes(a.state) ? (
              <Popconfirm
                title={t('actions.confirmDelete')}
                onConfirm={async () => {
                  if (await remove.mutateAsync(id).catch(() => null)) {
                    void message.success(t('actions.deleted'));
                    onClose();
                  }
                }}
              >
                <Button size="small" type="link" danger>
                  {t('actions.delete')}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
          {final ? <p className="fd-muted">{t('accidents.final')}</p> : null}
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('fields.plate')}>{formatPlate(a.plate)}</Descriptions.Item>
            <Descriptions.Item label={t('accidents.driver')}>{a.driverName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('accidents.place')} span={2}>
              {a.place}
            </Descriptions.Item>
            <Descriptions.Item label={t('accidents.description')} span={2}>
              {a.description}
            </Descriptions.Item>
            <Descriptions.Item label={t('accidents.responsibility')}>
              {titleOf(RESPONSIBILITY_TITLES[a.responsibility])}
            </Descriptions.Item>
            <Descriptions.Item label={t('accidents.damage')}>{a.damage ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('accidents.claimNo')}>{a.claimNo ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('accidents.claimState')}>
              {titleOf(CLAIM_STATE_TITLES[a.claimState])}
            </Descriptions.Item>
            <Descriptions.Item label={t('accidents.repairCost')}>{formatMoney(a.repairCost) || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('accidents.settledAmount')}>
              {formatMoney(a.settledAmount) || '-'}
            </Descriptions.Item>
            {a.remark ? (
              <Descriptions.Item label={t('fields.remark')} span={2}>
                {a.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {a.photos.length ? (
            <Image.PreviewGroup>
              <Space wrap className="fd-compliance-photos">
                {a.photos.map((p) => (
                  <Image key={p.url} width={96} height={72} src={p.signedUrl} alt="" />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : null}
          <h4 className="fd-compliance-history">{t('accidents.history')}</h4>
          <Timeline
            items={a.events.map((e) => ({
              key: `${e.at}-${e.to}`,
              content: (
                <span>
                  {formatDateTime(e.at)}{' '}
                  {e.from
                    ? t('accidents.historyLine', {
                        from: titleOf(ACCIDENT_STATE_TITLES[e.from]),
                        to: titleOf(ACCIDENT_STATE_TITLES[e.to]),
                      })
                    : t('accidents.created')}{' '}
                  {e.userName ?? ''} {e.remark ? `· ${e.remark}` : ''}
                </span>
              ),
            }))}
          />
          {editing ? <AccidentModal accident={a} carId={a.carId} onClose={() => setEditing(false)} /> : null}
        </>
      )}
    </Drawer>
  );
}
