import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPlate } from '../lib/format';

/**
 * Where each kind of record has its page: the one table every link, message and notice builds its address from
 * (a screen that shows a plate, a driver, a contract, a bill, a device or a risk case links it through here).
 */
export const entityPath = {
  car: (id: number | string, tab?: string) => `/rentCar/car/${id}${tab ? `?tab=${tab}` : ''}`,
  driver: (id: number | string, tab?: string) => `/rentDriver/${id}${tab ? `?tab=${tab}` : ''}`,
  contract: (id: number | string, tab?: string) => `/rentContract/detail/${id}${tab ? `?tab=${tab}` : ''}`,
  /** A bill on its contract's bills tab, the bill picked out. */
  bill: (contractId: number | string, billId?: number | string) =>
    `/rentContract/detail/${contractId}?tab=bills${billId !== undefined ? `&bill=${billId}` : ''}`,
  /** A tracker on the GPS map, selected. */
  device: (imei: string) => `/riskGpsMap?imei=${encodeURIComponent(imei)}`,
  riskCase: (id: number | string) => `/riskGpsMap/risk?case=${id}`,
  alarm: (id: number | string) => `/riskGpsMap/alarms?alarm=${id}`,
  approval: (id: number | string) => `/oaApproval?id=${id}`,
  /** A maintenance work order's page. */
  workOrder: (id: number | string) => `/maintenance/order/${id}`,
  /** The service due list, one car picked out (the service reminder's link). */
  serviceDue: (carId: number | string) => `/maintenance/due?car=${carId}`,
} as const;

/** Links inside a clickable table row must not also open the row. */
const stop = (e: MouseEvent) => e.stopPropagation();

interface LinkProps {
  /** Nothing to link (the record is gone or unknown): the text alone. */
  id: number | string | null | undefined;
  children?: ReactNode;
  className?: string;
}

/** A plate, in the one plate format, linking to its car's page (a tab of it, if given). */
export function CarLink({ id, plate, tab, className }: LinkProps & { plate: string | null | undefined; tab?: string }) {
  const text = formatPlate(plate);
  if (id === null || id === undefined || id === '') return <span className={className}>{text}</span>;
  return (
    <Link to={entityPath.car(id, tab)} onClick={stop} className={['fd-plate', className].filter(Boolean).join(' ')}>
      {text}
    </Link>
  );
}

/** A driver's name linking to the driver's page. */
export function DriverLink({ id, name, tab, className }: LinkProps & { name: ReactNode; tab?: string }) {
  if (id === null || id === undefined || id === '') return <span className={className}>{name}</span>;
  return (
    <Link to={entityPath.driver(id, tab)} onClick={stop} className={className}>
      {name}
    </Link>
  );
}

/** A contract's number linking to the contract's page (a tab of it, if given). */
export function ContractLink({ id, number, tab, className }: LinkProps & { number: ReactNode; tab?: string }) {
  if (id === null || id === undefined || id === '') return <span className={className}>{number}</span>;
  return (
    <Link to={entityPath.contract(id, tab)} onClick={stop} className={className}>
      {number}
    </Link>
  );
}

/** A bill (its label: period or number) linking to its contract's bills tab with the bill picked out. */
export function BillLink({
  contractId,
  billId,
  children,
  className,
}: {
  contractId: number | string | null | undefined;
  billId?: number | string;
  children: ReactNode;
  className?: string;
}) {
  if (contractId === null || contractId === undefined) return <span className={className}>{children}</span>;
  return (
    <Link to={entityPath.bill(contractId, billId)} onClick={stop} className={className}>
      {children}
    </Link>
  );
}

/** A tracker's IMEI linking to the GPS map with the device selected. */
export function DeviceLink({ imei, className }: { imei: string | null | undefined; className?: string }) {
  if (!imei) return null;
  return (
    <Link to={entityPath.device(imei)} onClick={stop} className={className}>
      {imei}
    </Link>
  );
}

/** A risk case linking to the risk board with its drawer open. */
export function RiskCaseLink({ id, children, className }: LinkProps) {
  if (id === null || id === undefined || id === '') return <span className={className}>{children}</span>;
  return (
    <Link to={entityPath.riskCase(id)} onClick={stop} className={className}>
      {children}
    </Link>
  );
}

/** A maintenance work order's number linking to its page. */
export function WorkOrderLink({ id, number, className }: LinkProps & { number: ReactNode }) {
  if (id === null || id === undefined || id === '') return <span className={className}>{number}</span>;
  return (
    <Link to={entityPath.workOrder(id)} onClick={stop} className={className}>
      {number}
    </Link>
  );
}
