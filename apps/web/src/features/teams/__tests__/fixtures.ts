import type { Paged } from '@fleetdesk/contracts/common';
import type { TeamDetail, TeamMember, TeamMove, TeamNode } from '@fleetdesk/contracts/teams';
import { TeamPaths } from '@fleetdesk/contracts/teams';
import { ok, type FakeAnswer, type FakeRequest } from '../../../test/fake-server';
import type { Account } from '../../../test/fixtures';

export const P = TeamPaths;
export const FIRST = { timeout: 60_000 };
export const SLOW = { timeout: 20_000 };
export const paged = <T>(rows: T[]): FakeAnswer =>
  ok({ rows, total: rows.length, pageNum: 1, pageSize: 20 } satisfies Paged<T>);

/** Sees the fleets, changes nothing. */
export const VIEWER: Account = { menus: ['teams'], elements: ['teams:view'] };

export function node(patch: Partial<TeamNode> & Pick<TeamNode, 'id' | 'name'>): TeamNode {
  return {
    rentId: 7,
    rentName: 'Demo Rentals Hangzhou',
    parentId: null,
    kind: 'fleet',
    leader: null,
    enabled: true,
    sort: 0,
    members: 0,
    cars: 0,
    version: 1,
    ...patch,
  };
}

/** Hangzhou: the North fleet (2 drivers, 1 car of its own) with two teams; Shanghai: the Pudong fleet. */
export const TREE: TeamNode[] = [
  node({
    id: 1,
    name: 'North fleet',
    leader: { kind: 'employee', id: 11, name: 'Li Na', phone: '13800000011' },
    members: 2,
    cars: 1,
  }),
  node({
    id: 2,
    name: 'Airport team',
    parentId: 1,
    kind: 'team',
    leader: { kind: 'driver', id: 31, name: 'Wang Jianguo', phone: '13900000031' },
    members: 3,
    cars: 2,
  }),
  node({ id: 3, name: 'Night team', parentId: 1, kind: 'team', enabled: false }),
  node({ id: 4, name: 'Pudong fleet', rentId: 8, rentName: 'Demo Rentals Shanghai', members: 1 }),
];

export function detail(id: number, patch: Partial<TeamDetail> = {}): TeamDetail {
  const n = TREE.find((x) => x.id === id)!;
  const children = TREE.filter((x) => x.parentId === id);
  return {
    ...n,
    remark: null,
    parentName: TREE.find((x) => x.id === n.parentId)?.name ?? null,
    membersTotal: n.members + children.reduce((s, c) => s + c.members, 0),
    carsTotal: n.cars + children.reduce((s, c) => s + c.cars, 0),
    children: children.length,
    createdAt: '2026-11-01T02:00:00.000Z',
    updatedAt: '2026-11-02T02:00:00.000Z',
    ...patch,
  };
}

export const member = (patch: Partial<TeamMember> = {}): TeamMember => ({
  driverId: 31,
  name: 'Wang Jianguo',
  phone: '13900000031',
  state: 'active',
  teamId: 2,
  teamName: 'Airport team',
  joinedAt: '2026-11-03T02:00:00.000Z',
  leader: true,
  ...patch,
});

export const move = (patch: Partial<TeamMove> = {}): TeamMove => ({
  id: 1,
  driverId: 31,
  driverName: 'Wang Jianguo',
  teamId: 2,
  teamName: 'Airport team',
  joinedAt: '2026-11-03T02:00:00.000Z',
  joinReason: 'Airport shifts',
  joinedBy: 'Zhang Wei',
  leftAt: null,
  leaveReason: null,
  leftBy: null,
  ...patch,
});

export const driverRow = (id: number, name: string, phone: string) => ({
  id,
  rentId: 7,
  rentName: 'Demo Rentals Hangzhou',
  name,
  phone,
  state: 'active',
});

const idOf = (req: FakeRequest) => Number(req.path.split('/').at(-1));

/** The area's calls answered from TREE; `more` adds or replaces routes. */
export function teamRoutes(more: Record<string, (req: FakeRequest) => FakeAnswer> = {}) {
  return {
    [`GET ${P.tree}`]: (req: FakeRequest) => {
      const rent = req.query.get('rentId');
      const keyword = req.query.get('keyword');
      return ok(
        TREE.filter((n) => !rent || n.rentId === Number(rent)).filter(
          (n) =>
            !keyword || n.name.includes(keyword) || TREE.some((c) => c.parentId === n.id && c.name.includes(keyword)),
        ),
      );
    },
    [`GET ${P.get}`]: (req: FakeRequest) => ok(detail(idOf(req))),
    [`GET ${P.options}`]: () =>
      ok(
        TREE.filter((n) => n.enabled).map((n) => ({
          id: n.id,
          rentId: n.rentId,
          parentId: n.parentId,
          kind: n.kind,
          label: n.parentId ? `North fleet / ${n.name}` : n.name,
          enabled: n.enabled,
        })),
      ),
    [`GET ${P.members}`]: () =>
      paged([member(), member({ driverId: 32, name: 'Zhao Lei', phone: '13900000032', leader: false })]),
    [`GET ${P.cars}`]: () => paged([]),
    [`GET ${P.moves}`]: () => paged([move()]),
    'GET /api/ccwadmin/employee/list': () => paged([]),
    ...more,
  };
}
