import Tag from 'antd/es/tag';
import { DRIVER_STATE_TITLES, type DriverState } from '@fleetdesk/contracts/drivers';
import { STATEMENT_STATE_TITLES, type StatementState } from '@fleetdesk/contracts/team-performance';
import { TEAM_KIND_TITLES, type TeamKind } from '@fleetdesk/contracts/teams';
import { CAR_STATUS_TITLES, type CarStatus } from '@fleetdesk/contracts/vehicles';
import { useTitle } from '../../../lib/use-title';
import { STATEMENT_COLOURS } from '../model/commission';

// The colours of the vehicles' and drivers' own tags, so a status looks the same on every screen.
const CAR_COLOURS: Record<CarStatus, string> = {
  idle: 'green',
  rented: 'blue',
  preparing: 'gold',
  maintenance: 'orange',
  reserved: 'cyan',
  off_fleet: 'default',
  sold: 'purple',
  scrapped: 'red',
};
const DRIVER_COLOURS: Record<DriverState, string> = {
  prospect: 'blue',
  active: 'green',
  left: 'default',
  blacklisted: 'red',
};

export function CarStatusTag({ status }: { status: CarStatus }) {
  const title = useTitle();
  return <Tag color={CAR_COLOURS[status]}>{title(CAR_STATUS_TITLES[status])}</Tag>;
}

export function DriverStateTag({ state }: { state: DriverState }) {
  const title = useTitle();
  return <Tag color={DRIVER_COLOURS[state]}>{title(DRIVER_STATE_TITLES[state])}</Tag>;
}

/** Fleet or team, as the contracts title them. */
export function KindTag({ kind }: { kind: TeamKind }) {
  const title = useTitle();
  return (
    <Tag color={kind === 'fleet' ? 'blue' : 'cyan'} variant="filled">
      {title(TEAM_KIND_TITLES[kind])}
    </Tag>
  );
}

/** A monthly statement's state, as the contracts title it. */
export function StatementStateTag({ state }: { state: StatementState }) {
  const title = useTitle();
  return <Tag color={STATEMENT_COLOURS[state]}>{title(STATEMENT_STATE_TITLES[state])}</Tag>;
}
