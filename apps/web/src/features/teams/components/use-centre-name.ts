import { useQuery } from '@tanstack/react-query';
import { useCanPickCostCentre } from '../../../components/cost-centre-select';
import { centrePath, costCentresQuery } from '../../../lib/cost-centre-list';

/**
 * The name of a rule's cost centre (with its parents'): from the tenant's list when the user may read it, else (or
 * while it loads, or for a centre gone since) its number.
 */
export function useCentreName(): (id: number | null) => string | null {
  const canRead = useCanPickCostCentre();
  const centres = useQuery({ ...costCentresQuery(), enabled: canRead });
  return (id) => {
    if (id === null) return null;
    const all = centres.data ?? [];
    return all.some((c) => c.id === id) ? centrePath(all, id) : `#${id}`;
  };
}
