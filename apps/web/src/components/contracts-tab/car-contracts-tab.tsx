import type { CarTabProps } from '../car-tabs/car-tabs';
import { ContractsTab } from './contracts-tab';

/** The car page's contracts tab (registered in components/car-tabs by app/routes.ts). */
export default function CarContractsTab({ carId }: CarTabProps) {
  return <ContractsTab carId={carId} />;
}
