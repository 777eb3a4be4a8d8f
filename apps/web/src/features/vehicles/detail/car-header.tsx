import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FINAL_CAR_STATUSES, type CarAction, type CarDetail } from '@fleetdesk/contracts/vehicles';
import { useAccess } from '../../../lib/access';
import { formatDateTime, formatPlate } from '../../../lib/format';
import { CarActionDialog } from '../components/car-action-dialog';
import { CarStatusTag } from '../components/car-status-tag';
import { TransferDialog } from '../transfer/transfer-dialog';
import { DeleteCarDialog } from '../components/delete-car-dialog';

/** Plate, status, rent, and what the user may do with the car now. */
export function CarHeader({ car }: { car: CarDetail }) {
  const { t } = useTranslation('vehicle-detail');
  const access = useAccess();
  const navigate = useNavigate();
  const [action, setAction] = useState<CarAction | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const canEdit = access.can('rentCar:edit');
  const transferPending = car.transferToRentId !== null;
  const transferBlocked = transferPending || car.status === 'rented' || FINAL_CAR_STATUSES.includes(car.status);

  return (
    <header className="fd-car-detail-head">
      <Link to="/rentCar">{t('detail.backToList')}</Link>
      <div className="fd-car-detail-title">
        <h1 className="fd-page-title fd-car-plate">{formatPlate(car.plate)}</h1>
        <CarStatusTag status={car.status} />
        {car.online && <Tag color="success">{t('detail.online')}</Tag>}
        {transferPending && (
          <Tag color="processing" data-testid="transfer-pending">
            {t('detail.transferPending', { rent: car.transferToRentName ?? '' })}
          </Tag>
        )}
        <span className="fd-car-detail-sub">
          {[car.brandName, car.seriesName, car.modelName].filter(Boolean).join(' · ')}
          {' · '}
          {car.rentName}
        </span>
      </div>
      <div className="fd-car-detail-since">
        {t('detail.statusSince', { time: formatDateTime(car.statusChangedAt) })}
      </div>
      <div className="fd-car-detail-actions">
        {canEdit && car.actions.length > 0 && (
          <div className="fd-car-detail-status-actions" role="group" aria-label={t('detail.statusActions')}>
            {car.actions.map((a) => (
              <Button key={a} onClick={() => setAction(a)} danger={a === 'sell' || a === 'scrap'}>
                {t(`vehicles:action.${a}`)}
              </Button>
            ))}
          </div>
        )}
        <div className="fd-car-detail-buttons">
          {access.can('rentContract:add') && !car.deletedAt && (
            <Button
              className="fd-new-contract"
              icon={<PlusOutlined />}
              onClick={() => void navigate(`/rentContract/new?carId=${car.id}`)}
            >
              {t('detail.newContract')}
            </Button>
          )}
          {canEdit && (
            <Button type="primary" icon={<EditOutlined />} onClick={() => void navigate(`/rentCar/car/${car.id}/edit`)}>
              {t('detail.edit')}
            </Button>
          )}
          {access.can('rentCar:transfer') && (
            <Tooltip
              title={
                transferPending
                  ? t('detail.transferPendingHint', { rent: car.transferToRentName ?? '' })
                  : transferBlocked
                    ? t('detail.transferBlocked')
                    : undefined
              }
            >
              <Button icon={<SwapOutlined />} disabled={transferBlocked} onClick={() => setTransferring(true)}>
                {t('detail.transfer')}
              </Button>
            </Tooltip>
          )}
          {access.can('rentCar:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
              {t('detail.delete')}
            </Button>
          )}
        </div>
      </div>
      {action && <CarActionDialog car={car} action={action} onClose={() => setAction(null)} />}
      {deleting && (
        <DeleteCarDialog car={car} onClose={() => setDeleting(false)} onDeleted={() => void navigate('/rentCar')} />
      )}
      <TransferDialog
        car={transferring ? { id: car.id, plateNumber: formatPlate(car.plate), rentId: car.rentId } : null}
        onClose={() => setTransferring(false)}
        onDone={() => setTransferring(false)}
      />
    </header>
  );
}
