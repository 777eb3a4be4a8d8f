import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DriverListRow } from '@fleetdesk/contracts/drivers';
import type { Rentability } from '@fleetdesk/contracts/vehicles';
import { entityPath } from '../../../components/entity-links';
import { formatPlate } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { carOptionsQuery, driverOptionsQuery, rentabilityQuery, type CarOption } from '../api/contracts';

const DEBOUNCE_MS = 300;

/** "20 of 153 shown: type to narrow" under a picker's options when the server has more. */
function MoreHint({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation('contracts');
  if (total <= shown) return null;
  return <div className="fd-picker-more">{t('picker.more', { shown, total })}</div>;
}

/**
 * The driver of a new contract, searched on the server as the user types (name, phone or ID number; any number of
 * drivers): active drivers and prospects, a prospect marked (it is activated before the contract is made).
 */
export function DriverPicker({
  id,
  value,
  onChange,
  chosen,
}: {
  /** The form item's id (its label points at it). */
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** The chosen driver's row (the wizard keeps it), shown even when the search no longer finds it. */
  chosen?: DriverListRow;
}) {
  const { t } = useTranslation('contracts');
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed, DEBOUNCE_MS);
  const found = useQuery({ ...driverOptionsQuery({ keyword }), placeholderData: keepPreviousData });
  const rows = found.data?.rows ?? [];
  const all = chosen && !rows.some((r) => r.id === chosen.id) ? [chosen, ...rows] : rows;
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      className="fd-driver-picker"
      placeholder={t('picker.driverPlaceholder')}
      value={value}
      onChange={(id) => onChange?.(id)}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? t('picker.searching') : t('picker.noDriver')}
      popupRender={(menu) => (
        <>
          {menu}
          <MoreHint shown={rows.length} total={found.data?.total ?? 0} />
        </>
      )}
      options={all.map((d) => ({
        value: d.id,
        label: (
          <span className="fd-picker-option">
            {d.name} {d.phone}
            {d.state === 'prospect' && (
              <Tag color="gold" className="fd-prospect-tag">
                {t('picker.prospect')}
              </Tag>
            )}
          </span>
        ),
      }))}
    />
  );
}

/** A car that cannot be rented: its reasons, each with the link to the car page tab that puts it right. */
export function CarReasons({ carId, reasons }: { carId: number; reasons: Rentability['reasons'] }) {
  const { t } = useTranslation('contracts');
  return (
    <ul className="fd-car-reasons">
      {reasons.map((r) => (
        <li key={r.code}>
          {r.message}{' '}
          <Link to={entityPath.car(carId, r.fix === 'info' ? undefined : r.fix)} onClick={(e) => e.stopPropagation()}>
            {t(`picker.fix.${r.code}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The car of a new contract, searched on the server as the user types (plate, VIN or engine number) within the
 * driver's rent. Each car found is checked with the rule the signing applies (`rentCar/rentability`): one that
 * cannot be rented now is greyed, with its reasons and a link to fix each.
 */
export function CarPicker({
  id,
  value,
  onChange,
  rentId,
  chosen,
}: {
  /** The form item's id (its label points at it). */
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
  rentId?: number;
  chosen?: CarOption;
}) {
  const { t } = useTranslation('contracts');
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed, DEBOUNCE_MS);
  const found = useQuery({ ...carOptionsQuery({ keyword, rentId }), placeholderData: keepPreviousData });
  const rows = found.data?.rows ?? [];
  const all = chosen && !rows.some((r) => r.id === chosen.id) ? [chosen, ...rows] : rows;
  const checked = useQuery(rentabilityQuery(all.map((c) => c.id)));
  const verdict = new Map((checked.data ?? []).map((r) => [r.carId, r]));
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear
      className="fd-car-picker"
      placeholder={t('picker.carPlaceholder')}
      value={value}
      // A greyed car is not chosen (its links still work: the option stays enabled so they can be clicked).
      onChange={(id) => {
        const v = id === undefined ? undefined : verdict.get(id);
        if (id !== undefined && (!v || !v.rentable)) return;
        onChange?.(id);
      }}
      loading={found.isFetching || checked.isFetching}
      notFoundContent={found.isFetching ? t('picker.searching') : t('picker.noCar')}
      popupRender={(menu) => (
        <>
          {menu}
          <MoreHint shown={rows.length} total={found.data?.total ?? 0} />
        </>
      )}
      optionLabelProp="plate"
      options={all.map((c) => {
        const v = verdict.get(c.id);
        const blocked = !!v && !v.rentable;
        return {
          value: c.id,
          plate: formatPlate(c.plate),
          className: blocked ? 'fd-car-option-blocked' : !v ? 'fd-car-option-checking' : undefined,
          'aria-label': blocked ? `${formatPlate(c.plate)}: ${v.reasons.map((r) => r.message).join('; ')}` : undefined,
          label: (
            <div className="fd-picker-option" data-plate={c.plate}>
              <span className="fd-plate">{formatPlate(c.plate)}</span>
              {blocked && <CarReasons carId={c.id} reasons={v.reasons} />}
            </div>
          ),
        };
      })}
    />
  );
}
