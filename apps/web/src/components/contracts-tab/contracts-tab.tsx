import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CarLink, ContractLink, DriverLink } from '../entity-links';
import type { Paged } from '@fleetdesk/contracts/common';
import {
  CONTRACT_STATE_TITLES,
  CONTRACT_TYPE_TITLES,
  RentContractPaths,
  type ContractListRow,
} from '@fleetdesk/contracts/rental-contracts';
import { formatMoney } from '../../lib/format';
import { request } from '../../lib/request';

/** The contracts tab of a driver's or a car's page: that record's contracts, newest first, each a link. */
export function ContractsTab({ driverId, carId }: { driverId?: number; carId?: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const body = { ...(driverId ? { driverId } : {}), ...(carId ? { carId } : {}), pageSize: 100 };
  const list = useQuery({
    queryKey: ['contracts', 'list', body],
    queryFn: () => request<Paged<ContractListRow>>(RentContractPaths.list, { method: 'POST', json: body }),
  });
  return (
    <Table<ContractListRow>
      size="small"
      rowKey="id"
      loading={list.isLoading}
      dataSource={list.data?.rows ?? []}
      pagination={false}
      locale={{ emptyText: t('contractsTab.none') }}
      columns={[
        {
          key: 'number',
          title: t('contractsTab.number'),
          render: (_, c) => <ContractLink id={c.id} number={c.number} />,
        },
        { key: 'type', title: t('contractsTab.type'), render: (_, c) => CONTRACT_TYPE_TITLES[c.type][lang] },
        {
          key: 'party',
          title: t('contractsTab.party'),
          render: (_, c) =>
            driverId ? <CarLink id={c.carId} plate={c.plate} /> : <DriverLink id={c.driverId} name={c.driverName} />,
        },
        { key: 'dates', title: t('contractsTab.dates'), render: (_, c) => `${c.startDate} ~ ${c.endDate}` },
        {
          key: 'state',
          title: t('contractsTab.state'),
          render: (_, c) => <Tag>{CONTRACT_STATE_TITLES[c.state][lang]}</Tag>,
        },
        {
          key: 'outstanding',
          title: t('contractsTab.outstanding'),
          align: 'right',
          render: (_, c) => formatMoney(c.outstanding),
        },
      ]}
    />
  );
}
