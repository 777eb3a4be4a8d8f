import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CAR_USE_TITLES,
  CAR_USES,
  CERTIFICATE_KIND_TITLES,
  CERTIFICATE_KINDS,
  CERTIFICATE_STATE_TITLES,
  RENT_OR_SALE_OUTCOMES,
  RENT_OR_SALE_STATE_TITLES,
  RENT_OR_SALE_STATES,
  type CarUse,
  type Certificate,
  type RentOrSale,
  type RentOrSaleOutcome,
} from '@fleetdesk/contracts/financing';
import { ListPage, type ListColumn } from '../../../components/list-page/list-page';
import type { FilterField } from '../../../components/list-page/list-params';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatMoney, formatPlate } from '../../../lib/format';
import { applicationsQuery } from '../api/applications';
import {
  auditRentOrSale,
  certificatesQuery,
  declareRentOrSale,
  rentOrSaleQuery,
  supplementRentOrSale,
} from '../api/extras';
import { ActionDialog } from '../components/action-dialog';
import { useSide } from '../components/side';
import { useTitle } from '../components/titles';

interface DeclareValues {
  applicationId: number;
  use: CarUse;
  buyerName?: string;
  buyerIdNo?: string;
  buyerPhone?: string;
  salePrice?: number;
  saleTerms?: number;
  note?: string;
}

/** The tenant declares how a financed car is used: rented out, or sold on instalments to a driver. */
function DeclareDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const financed = useQuery(applicationsQuery({ states: 'S5,S6,S7', pageNum: 1, pageSize: 100 }));
  return (
    <ActionDialog<DeclareValues>
      title={t('rentOrSale.declare')}
      initialValues={{ use: 'rent' }}
      onClose={onClose}
      submit={(v) =>
        declareRentOrSale({
          applicationId: v.applicationId,
          use: v.use,
          buyerName: v.buyerName || null,
          buyerIdNo: v.buyerIdNo || null,
          buyerPhone: v.buyerPhone || null,
          salePrice: v.salePrice ?? null,
          saleTerms: v.saleTerms ?? null,
          note: v.note || null,
          files: [],
        })
      }
    >
      {(v) => (
        <>
          <Form.Item
            name="applicationId"
            label={t('rentOrSale.car')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Select
              options={(financed.data?.rows ?? []).map((a) => ({
                value: a.id,
                label: `${formatPlate(a.plate) || a.vin} · ${a.code}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="use" label={t('rentOrSale.use')}>
            <Radio.Group options={CAR_USES.map((u) => ({ value: u, label: title(CAR_USE_TITLES[u]) }))} />
          </Form.Item>
          {v.use === 'sale' && (
            <div className="fd-fin-grid">
              <Form.Item
                name="buyerName"
                label={t('rentOrSale.buyerName')}
                rules={[{ required: true, message: t('form.required') }]}
              >
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item
                name="buyerIdNo"
                label={t('rentOrSale.buyerIdNo')}
                rules={[{ required: true, message: t('form.required') }]}
              >
                <Input maxLength={18} />
              </Form.Item>
              <Form.Item
                name="buyerPhone"
                label={t('rentOrSale.buyerPhone')}
                rules={[{ required: true, message: t('form.required') }]}
              >
                <Input maxLength={11} />
              </Form.Item>
              <Form.Item
                name="salePrice"
                label={t('rentOrSale.salePrice')}
                rules={[{ required: true, message: t('form.required') }]}
              >
                <InputNumber min={0} precision={2} />
              </Form.Item>
              <Form.Item name="saleTerms" label={t('rentOrSale.saleTerms')}>
                <InputNumber min={1} max={120} />
              </Form.Item>
            </div>
          )}
          <Form.Item name="note" label={t('rentOrSale.note')}>
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </>
      )}
    </ActionDialog>
  );
}

function AuditRentOrSaleDialog({ row, onClose }: { row: RentOrSale; onClose: () => void }) {
  const { t } = useTranslation('financing');
  return (
    <ActionDialog<{ outcome: RentOrSaleOutcome; conditions?: string; reason?: string }>
      title={t('rentOrSale.auditTitle', { code: row.applicationCode })}
      initialValues={{ outcome: 'agree' }}
      onClose={onClose}
      submit={(v) =>
        auditRentOrSale({
          id: row.id,
          version: row.version,
          outcome: v.outcome,
          conditions: v.conditions || null,
          reason: v.reason || null,
        })
      }
    >
      {(v) => (
        <>
          <Form.Item name="outcome" label={t('decision.outcome')}>
            <Radio.Group
              optionType="button"
              options={RENT_OR_SALE_OUTCOMES.map((o) => ({ value: o, label: t(`rentOrSale.outcomes.${o}`) }))}
            />
          </Form.Item>
          {v.outcome === 'agreeWithConditions' && (
            <Form.Item
              name="conditions"
              label={t('audit.conditions')}
              rules={[{ required: true, message: t('form.required') }]}
            >
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          )}
          {(v.outcome === 'return' || v.outcome === 'refuse') && (
            <Form.Item
              name="reason"
              label={t('audit.reason')}
              rules={[{ required: true, message: t('form.required') }]}
            >
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          )}
        </>
      )}
    </ActionDialog>
  );
}

function SupplementDialog({ row, onClose }: { row: RentOrSale; onClose: () => void }) {
  const { t } = useTranslation('financing');
  return (
    <ActionDialog<{ note?: string }>
      title={t('rentOrSale.supplementTitle', { code: row.applicationCode })}
      onClose={onClose}
      submit={(v) => supplementRentOrSale({ id: row.id, version: row.version, note: v.note || null, files: row.files })}
    >
      {row.reason && <p>{row.reason}</p>}
      <Form.Item name="note" label={t('rentOrSale.note')} rules={[{ required: true, message: t('form.required') }]}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </ActionDialog>
  );
}

/** `/finance/rentOrSale`: the declarations (applicant: its own; financier: its work list to audit). */
export function RentOrSaleList() {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const access = useAccess();
  const financier = useSide() === 'financier';
  const [declaring, setDeclaring] = useState(false);
  const [auditing, setAuditing] = useState<RentOrSale | null>(null);
  const [supplementing, setSupplementing] = useState<RentOrSale | null>(null);
  const fields = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordHint') },
      {
        type: 'select',
        name: 'state',
        label: t('filters.state'),
        options: RENT_OR_SALE_STATES.map((s) => ({ value: s, label: title(RENT_OR_SALE_STATE_TITLES[s]) })),
      },
      {
        type: 'select',
        name: 'use',
        label: t('rentOrSale.use'),
        options: CAR_USES.map((u) => ({ value: u, label: title(CAR_USE_TITLES[u]) })),
      },
    ],
    [t, title],
  );
  const columns: ListColumn<RentOrSale>[] = [
    {
      key: 'code',
      title: t('columns.code'),
      render: (_, r) => (
        <Link to={`/finance/detail/${r.applicationId}`} className="fd-row-link">
          {r.applicationCode}
        </Link>
      ),
    },
    { key: 'plate', title: t('columns.plate'), render: (_, r) => formatPlate(r.plate) || r.vin },
    ...(financier
      ? [
          {
            key: 'applicant',
            title: t('columns.applicant'),
            render: (_: unknown, r: RentOrSale) => `${r.tenantName} · ${r.rentName}`,
          },
        ]
      : []),
    { key: 'use', title: t('rentOrSale.use'), render: (_, r) => title(CAR_USE_TITLES[r.use]) },
    {
      key: 'buyer',
      title: t('rentOrSale.buyer'),
      render: (_, r) =>
        r.use === 'sale' ? `${r.buyerName ?? ''} ${r.salePrice != null ? formatMoney(r.salePrice) : ''}` : '-',
    },
    {
      key: 'state',
      title: t('columns.state'),
      render: (_, r) => <Tag>{title(RENT_OR_SALE_STATE_TITLES[r.state])}</Tag>,
    },
    {
      key: 'decision',
      title: t('columns.decided'),
      render: (_, r) => r.conditions ?? r.reason ?? (r.decidedAt ? formatDateTime(r.decidedAt) : '-'),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, r) =>
        financier ? (
          access.can('finance:audit') && r.state === 'applied' ? (
            <Button size="small" type="primary" onClick={() => setAuditing(r)}>
              {t('actions.audit')}
            </Button>
          ) : null
        ) : access.can('finance:apply') && (r.state === 'supplementing' || r.state === 'applied') ? (
          <Button size="small" onClick={() => setSupplementing(r)}>
            {t('rentOrSale.supplement')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <ListPage<RentOrSale>
        id="financing-rent-or-sale"
        filters={fields}
        toolbar={
          !financier && access.can('finance:apply') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDeclaring(true)}>
              {t('rentOrSale.declare')}
            </Button>
          ) : undefined
        }
        columns={columns}
        rowKey={(r) => r.id}
        query={(p) => rentOrSaleQuery(financier, { ...p.filters, pageNum: p.pageNum, pageSize: p.pageSize })}
      />
      {declaring && <DeclareDialog onClose={() => setDeclaring(false)} />}
      {auditing && <AuditRentOrSaleDialog row={auditing} onClose={() => setAuditing(null)} />}
      {supplementing && <SupplementDialog row={supplementing} onClose={() => setSupplementing(null)} />}
    </>
  );
}

/** `/finance/certificates`: the papers the financier holds while the car is collateral. */
export function CertificateList() {
  const { t } = useTranslation('financing');
  const title = useTitle();
  const fields = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'keyword', label: t('filters.keyword'), placeholder: t('filters.keywordHint') },
      {
        type: 'select',
        name: 'kind',
        label: t('certificates.kind'),
        options: CERTIFICATE_KINDS.map((k) => ({ value: k, label: title(CERTIFICATE_KIND_TITLES[k]) })),
      },
    ],
    [t, title],
  );
  const columns: ListColumn<Certificate>[] = [
    {
      key: 'code',
      title: t('columns.code'),
      render: (_, c) => (
        <Link to={`/finance/detail/${c.applicationId}`} className="fd-row-link">
          {c.applicationCode}
        </Link>
      ),
    },
    { key: 'plate', title: t('columns.plate'), render: (_, c) => formatPlate(c.plate) || c.vin },
    { key: 'kind', title: t('certificates.kind'), render: (_, c) => title(CERTIFICATE_KIND_TITLES[c.kind]) },
    { key: 'number', title: t('certificates.number'), render: (_, c) => c.number ?? '-' },
    { key: 'received', title: t('certificates.received'), render: (_, c) => c.receivedAt ?? '-' },
    { key: 'returned', title: t('certificates.returned'), render: (_, c) => c.returnedAt ?? '-' },
    { key: 'state', title: t('columns.state'), render: (_, c) => title(CERTIFICATE_STATE_TITLES[c.state]) },
  ];
  return (
    <ListPage<Certificate>
      id="financing-certificates"
      filters={fields}
      columns={columns}
      rowKey={(c) => c.id}
      query={(p) => certificatesQuery({ ...p.filters, pageNum: p.pageNum, pageSize: p.pageSize })}
    />
  );
}
