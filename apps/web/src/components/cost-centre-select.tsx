import Select from 'antd/es/select';
import { useQuery } from '@tanstack/react-query';
import { useAccess } from '../lib/access';
import { centrePath, costCentresQuery } from '../lib/cost-centre-list';

/** Who may read the tenant's cost centres (the server's list call: either code). */
export function useCanPickCostCentre(): boolean {
  const access = useAccess();
  return access.can('oaCostCenter:view') || access.can('oaApproval:add');
}

/**
 * An optional cost centre (the tenant's shared list, `lib/cost-centre-list.ts`): enabled centres with their
 * parents' names; a chosen centre disabled since stays shown (disabled). Empty means "none" (`null`). The caller
 * gives the texts (`placeholder`, `ariaLabel`) and shows it only when `useCanPickCostCentre()`.
 */
export function CostCentreSelect({
  value,
  onChange,
  placeholder,
  ariaLabel,
  id,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  placeholder?: string;
  ariaLabel?: string;
  id?: string;
}) {
  const centres = useQuery(costCentresQuery());
  const all = centres.data ?? [];
  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={placeholder}
      aria-label={ariaLabel}
      loading={centres.isFetching}
      options={all
        .filter((c) => c.enabled || c.id === value)
        .map((c) => ({ value: c.id, label: centrePath(all, c.id), disabled: !c.enabled }))}
    />
  );
}
