import App from 'antd/es/app';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@fleetdesk/contracts/common';
import { DriverPaths, type DriverListRow } from '@fleetdesk/contracts/drivers';
import { InlineFailure, useInlineFailure } from '../../../components/inline-failure';
import { useAccess } from '../../../lib/access';
import { request } from '../../../lib/request';
import { useDebounced } from '../../../lib/use-debounced';
import { leadsQuery, type LeadFilter } from '../api/crm';
import { useSendSurvey, type SurveyDetail } from '../api/surveys';

const PICK = 20;

/** Drivers found by name or phone (the drivers' own list call: the caller's rents only). */
function useDriverOptions(keyword: string, enabled: boolean) {
  const q = useDebounced(keyword.trim(), 300);
  return useQuery({
    queryKey: ['crm', 'send', 'drivers', q],
    queryFn: () =>
      request<Paged<DriverListRow>>(DriverPaths.list, {
        method: 'POST',
        json: { pageNum: 1, pageSize: PICK, ...(q ? { keyword: q.slice(0, 40) } : {}) },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

interface Picked {
  value: number;
  label: string;
}

/** Sends a published survey by SMS: drivers and leads (the open ones), each with a personal link valid `days`. */
export function SendDialog({ survey, onClose }: { survey: SurveyDetail; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const access = useAccess();
  const send = useSendSurvey();
  const inline = useInlineFailure();
  const [driverSearch, setDriverSearch] = useState('');
  const [leadSearch, setLeadSearch] = useState('');
  const [drivers, setDrivers] = useState<Picked[]>([]);
  const [leads, setLeads] = useState<Picked[]>([]);
  // Empty: the tenant's rule (crm.surveyDays) decides.
  const [days, setDays] = useState<number | null>(null);
  const driverOptions = useDriverOptions(driverSearch, access.can('rentDriver:view'));
  const leadKeyword = useDebounced(leadSearch.trim(), 300);
  const leadOptions = useQuery({
    ...leadsQuery({
      view: 'mine',
      pageNum: 1,
      pageSize: PICK,
      ...(leadKeyword ? { keyword: leadKeyword } : {}),
    } as LeadFilter & {
      pageNum: number;
      pageSize: number;
    }),
    placeholderData: keepPreviousData,
  });
  const none = !drivers.length && !leads.length;

  const ok = async () => {
    if (none) return;
    const answer = await inline.run(() =>
      send.mutateAsync({
        id: survey.id,
        input: {
          driverIds: drivers.map((d) => d.value),
          leadIds: leads.map((l) => l.value),
          ...(days ? { days } : {}),
        },
      }),
    );
    if (!answer) return;
    void message.success(t('send.done', { count: answer.invites }));
    onClose();
  };

  return (
    <Modal
      open
      title={t('send.title', { title: survey.title })}
      okText={t('send.ok')}
      okButtonProps={{ disabled: none }}
      onOk={() => void ok()}
      onCancel={onClose}
      confirmLoading={send.isPending}
      destroyOnHidden
    >
      <InlineFailure failure={inline.failure} onClose={inline.clear} />
      <p className="fd-muted">{t('send.intro')}</p>
      <Form layout="vertical">
        {access.can('rentDriver:view') ? (
          <Form.Item label={t('send.drivers')}>
            <Select<Picked[]>
              aria-label={t('send.drivers')}
              mode="multiple"
              labelInValue
              showSearch
              filterOption={false}
              onSearch={setDriverSearch}
              value={drivers}
              onChange={(v) => setDrivers(v)}
              loading={driverOptions.isFetching}
              placeholder={t('send.searchHint')}
              options={(driverOptions.data?.rows ?? []).map((d) => ({ value: d.id, label: `${d.name} ${d.phone}` }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('send.leads')}>
          <Select<Picked[]>
            aria-label={t('send.leads')}
            mode="multiple"
            labelInValue
            showSearch
            filterOption={false}
            onSearch={setLeadSearch}
            value={leads}
            onChange={(v) => setLeads(v)}
            loading={leadOptions.isFetching}
            placeholder={t('send.searchHint')}
            options={(leadOptions.data?.rows ?? [])
              .filter((l) => l.state !== 'lost')
              .map((l) => ({ value: l.id, label: `${l.name} ${l.phone}` }))}
          />
        </Form.Item>
        <Form.Item label={t('send.days')} extra={t('send.daysHint')}>
          <InputNumber
            aria-label={t('send.days')}
            min={1}
            max={90}
            precision={0}
            value={days}
            onChange={setDays}
            placeholder={t('send.daysDefault')}
          />
        </Form.Item>
      </Form>
      <div className="fd-muted">{t('send.count', { count: drivers.length + leads.length })}</div>
    </Modal>
  );
}
