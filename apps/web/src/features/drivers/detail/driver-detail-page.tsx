import PlusOutlined from '@ant-design/icons/PlusOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import Image from 'antd/es/image';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { DriverDetail, DriverImage, DriverOperation } from '@fleetdesk/contracts/drivers';
import { driverPageTabs } from '../../../components/driver-tabs/driver-tabs';
import { useAccess } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import type { RequestError } from '../../../lib/request';
import { ContractsTab } from '../../../components/contracts-tab/contracts-tab';
import { TargetLog } from '../../../components/operation-log/target-log';
import { driverKey, driverOperationsQuery, driverQuery } from '../api/drivers';
import { DriverActionsMenu } from '../components/driver-actions';
import { DocumentExpiry, DriverStateTag } from '../components/driver-tags';
import '../i18n';
import './driver-detail.css';

const TABS = ['profile', 'images', 'history', 'log'] as const;
type Tab = (typeof TABS)[number];

const IMAGES = ['idCardFront', 'idCardBack', 'licenceFront', 'licenceBack', 'certificate'] as const;

function Profile({ d }: { d: DriverDetail }) {
  const { t } = useTranslation('drivers');
  const v = (x: ReactNode) => x ?? '-';
  const section = (key: string, items: [string, ReactNode][]) => (
    <Descriptions
      key={key}
      className="fd-driver-section"
      title={t(`detail.sections.${key}`)}
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={items.map(([label, children]) => ({ key: label, label: t(`fields.${label}`), children: v(children) }))}
    />
  );
  return (
    <>
      {section('person', [
        ['name', d.name],
        ['gender', t(`gender.${d.gender}`)],
        ['phone', d.phone],
        ['idNumber', <span className="fd-mono">{d.idNumber}</span>],
        ['birthDate', `${d.birthDate}（${d.age}）`],
        ['address', d.address],
      ])}
      {section('licence', [
        ['licenceNumber', d.licenceNumber],
        ['licenceClass', d.licenceClass],
        ['licenceFirstIssue', d.licenceFirstIssue],
        ['licenceExpiry', <DocumentExpiry day={d.licenceExpiry} due={d.licenceDue} />],
      ])}
      {section('certificate', [
        ['certificateNumber', d.certificateNumber],
        ['certificateExpiry', <DocumentExpiry day={d.certificateExpiry} due={d.certificateDue} />],
      ])}
      {section('contact', [
        ['emergencyName', d.emergencyName],
        ['emergencyPhone', d.emergencyPhone],
        ['emergencyRelation', d.emergencyRelation ? t(`relation.${d.emergencyRelation}`) : null],
      ])}
      {section('bank', [
        ['bankName', d.bankName],
        ['bankAccount', d.bankAccount],
        ['bankAccountName', d.bankAccountName],
      ])}
      {section('other', [
        ['rent', d.rentName],
        ['source', d.source ? t(`source.${d.source}`) : null],
        [
          'labels',
          d.labels.length
            ? d.labels.map((l) => (
                <Tag key={l.id} color={l.color}>
                  {l.name}
                </Tag>
              ))
            : null,
        ],
        ['createdAt', formatDateTime(d.createdAt)],
        ['remark', d.remark],
      ])}
    </>
  );
}

function Images({ d }: { d: DriverDetail }) {
  const { t } = useTranslation('drivers');
  const shown = IMAGES.map((k) => [k, d[k]] as [string, DriverImage | null]).filter(([, img]) => img);
  if (!shown.length) return <Empty description={t('detail.imagesEmpty')} />;
  return (
    <Image.PreviewGroup>
      <div className="fd-driver-images">
        {shown.map(([k, img]) => (
          <figure key={k}>
            <Image src={img!.signedUrl ?? undefined} alt={t(`fields.${k}`)} width={220} height={140} />
            <figcaption>{t(`fields.${k}`)}</figcaption>
          </figure>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}

function History({ driverId }: { driverId: number }) {
  const { t } = useTranslation('drivers');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const ops = useQuery(driverOperationsQuery({ driverId, ...page }));
  return (
    <Table<DriverOperation>
      size="small"
      rowKey="id"
      loading={ops.isLoading}
      dataSource={ops.data?.rows ?? []}
      locale={{ emptyText: t('history.empty') }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: ops.data?.total ?? 0,
        showSizeChanger: false,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      columns={[
        { key: 'at', title: t('history.at'), render: (_, r) => formatDateTime(r.at, true), width: 180 },
        {
          key: 'what',
          title: t('history.what'),
          render: (_, r) =>
            r.kind === 'state' && r.action ? (
              <Space size={4}>
                {t(`action.${r.action}`)}
                {r.fromState && <DriverStateTag state={r.fromState} />}→
                {r.toState && <DriverStateTag state={r.toState} />}
              </Space>
            ) : (
              t(`history.kind.${r.kind}`)
            ),
        },
        { key: 'reason', title: t('history.reason'), render: (_, r) => r.reason ?? '-' },
        { key: 'user', title: t('history.user'), render: (_, r) => r.userName ?? '-', width: 140 },
      ]}
    />
  );
}

/** `/rentDriver/:id`: one driver, the state actions, documents, photos, history and operation log. */
export default function DriverDetailPage() {
  const { t } = useTranslation('drivers');
  const access = useAccess();
  const { id: param } = useParams();
  const id = Number(param);
  const valid = Number.isInteger(id) && id > 0;
  const driver = useQuery({ ...driverQuery(valid ? id : 0), enabled: valid });
  const [search, setSearch] = useSearchParams();
  const contractsTab = access.can('rentContract:view');
  // Tabs of other areas (the CRM's surveys), registered with the screen (components/driver-tabs).
  const added = driverPageTabs().filter((x) => access.can(x.permission ?? 'rentDriver:view'));
  const asked = search.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'profile';

  if (!valid || (driver.error as RequestError | null)?.httpStatus === 404) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        subTitle={t('detail.notFoundText')}
        extra={<Link to="/rentDriver">{t('actions.back')}</Link>}
      />
    );
  }
  if (driver.isError) {
    return (
      <Result
        status="error"
        title={t('detail.loadFailed')}
        extra={<a onClick={() => void driver.refetch()}>{t('detail.retry')}</a>}
      />
    );
  }
  if (!driver.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const d = driver.data;
  const images = IMAGES.filter((k) => d[k]).length;

  return (
    <div className="fd-driver-detail">
      <Link to="/rentDriver">{t('actions.back')}</Link>
      <div className="fd-driver-head">
        <h1 className="fd-page-title">{d.name}</h1>
        <DriverStateTag state={d.state} />
        <span className="fd-muted">
          {d.phone} · {d.rentName}
        </span>
        <div className="fd-driver-head-actions">
          {!d.deletedAt && d.state !== 'blacklisted' && access.can('rentContract:add') && (
            <Link to={`/rentContract/new?driverId=${d.id}`} className="fd-new-contract">
              <Button type="primary" icon={<PlusOutlined />}>
                {t('actions.newContract')}
              </Button>
            </Link>
          )}
          {!d.deletedAt && access.can('rentDriver:edit') && (
            <Link to={`/rentDriver/${d.id}/edit`}>
              <Button icon={<EditOutlined />}>{t('actions.edit')}</Button>
            </Link>
          )}
          {!d.deletedAt && (
            <DriverActionsMenu driver={d}>
              <Button>{t('actions.more')}</Button>
            </DriverActionsMenu>
          )}
        </div>
      </div>
      {d.deletedAt && <Alert type="warning" showIcon message={t('detail.deleted')} />}
      {d.state === 'blacklisted' && (
        <Alert
          type="error"
          showIcon
          message={t('detail.blacklistedBy', {
            user: d.blacklistedBy ?? '-',
            at: formatDateTime(d.blacklistedAt),
            reason: d.stateReason ?? '-',
          })}
        />
      )}
      {d.blacklistHits.map((h) => (
        <Alert
          key={h.driverId}
          type="error"
          showIcon
          message={t('detail.blacklistElsewhere', { rent: h.rentName, reason: h.reason ?? '-' })}
        />
      ))}
      <Tabs
        activeKey={
          search.get('tab') === 'contracts' && contractsTab
            ? 'contracts'
            : added.some((x) => x.key === search.get('tab'))
              ? search.get('tab')!
              : tab
        }
        onChange={(key) => setSearch(key === 'profile' ? {} : { tab: key }, { replace: true })}
        items={[
          ...TABS.map((key) => ({
            key,
            label: key === 'images' ? `${t('detail.tabs.images')} (${images})` : t(`detail.tabs.${key}`),
            children:
              key === 'profile' ? (
                <Profile d={d} />
              ) : key === 'images' ? (
                <Images d={d} />
              ) : key === 'history' ? (
                <History driverId={d.id} />
              ) : (
                <TargetLog target={`driver:${d.id}`} ns="drivers" queryKey={driverKey(d.id)} />
              ),
          })),
          ...(contractsTab
            ? [
                {
                  key: 'contracts',
                  label: t('common:contractsTab.tab'),
                  children: <ContractsTab driverId={d.id} />,
                },
              ]
            : []),
          ...added.map(({ key, labelKey, Panel }) => ({
            key,
            label: t(labelKey),
            children: (
              <Suspense fallback={<Skeleton active />}>
                <Panel driverId={d.id} />
              </Suspense>
            ),
          })),
        ]}
        destroyOnHidden
      />
    </div>
  );
}
