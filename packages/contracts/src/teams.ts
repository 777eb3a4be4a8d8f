import { z } from 'zod';
import { Id, Instant, PageQuery, Version, type LocalText } from './common.js';
import { DriverState } from './drivers.js';
import { CarStatus } from './vehicles.js';
import { addValidationMessages } from './validation-registry.js';

/**
 * Fleet teams (车队运营, issue 34; docs/teams.md): the tree company (a rent) -> fleet (车队) -> team (小组), a
 * leader per node (an employee, or a driver acting as 车队长), the drivers of each node with the history of their
 * moves, and the cars it runs. A user whose roles all have data scope `team` sees only the nodes he leads and
 * what is under them (`RequestContext.teamIds`), and only their drivers and cars.
 */
const base = '/api/ccwadmin';

export const TeamPaths = {
  tree: `${base}/team/tree`,
  get: `${base}/team/get/:id`,
  create: `${base}/team/create`,
  update: `${base}/team/update`,
  remove: `${base}/team/delete/:id`,
  options: `${base}/team/options`,
  members: `${base}/team/members`,
  membersAdd: `${base}/team/members/add`,
  membersRemove: `${base}/team/members/remove`,
  moves: `${base}/team/moves`,
  cars: `${base}/team/cars`,
  carsAdd: `${base}/team/cars/add`,
  carsRemove: `${base}/team/cars/remove`,
} as const;

export const TEAM_VALIDATION_MESSAGES = {
  'v.teamLeader': {
    'zh-CN': '请选择队长：员工或司机',
    'en-US': 'Choose the leader: an employee or a driver',
  },
  'v.teamIdsDistinct': {
    'zh-CN': '列表中有重复项',
    'en-US': 'An item is listed twice',
  },
} satisfies Record<string, LocalText>;
addValidationMessages(TEAM_VALIDATION_MESSAGES);

const t = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });
const text = (max: number) => z.string().trim().max(max);

/** A fleet hangs under its company (a rent); a team under a fleet. */
export const TEAM_KINDS = ['fleet', 'team'] as const;
export const TeamKind = z.enum(TEAM_KINDS);
export type TeamKind = z.infer<typeof TeamKind>;
export const TEAM_KIND_TITLES: Record<TeamKind, LocalText> = {
  fleet: t('车队', 'Fleet'),
  team: t('小组', 'Team'),
};

export const LEADER_KINDS = ['none', 'employee', 'driver'] as const;
export const LeaderKind = z.enum(LEADER_KINDS);
export type LeaderKind = z.infer<typeof LeaderKind>;
export const LEADER_KIND_TITLES: Record<LeaderKind, LocalText> = {
  none: t('暂无队长', 'No leader'),
  employee: t('员工', 'Employee'),
  driver: t('司机（车队长）', 'Driver (fleet leader)'),
};

/** The most drivers or cars one call moves. */
export const TEAM_BATCH_MAX = 200;

const TeamFields = {
  rentId: Id.describe("the company (rent) the node belongs to; a team has its fleet's"),
  parentId: Id.nullable().default(null).describe('null: a fleet under its company; else the fleet of a team'),
  name: text(30).min(1),
  leaderKind: LeaderKind.default('none'),
  leaderUserId: Id.nullable().default(null).describe('an active employee who sees the rent (leaderKind employee)'),
  leaderDriverId: Id.nullable().default(null).describe('an active driver of the rent (leaderKind driver)'),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(9999).default(0),
  remark: text(200).nullish(),
};
const leaderMatches = (v: { leaderKind: LeaderKind; leaderUserId: number | null; leaderDriverId: number | null }) =>
  v.leaderKind === 'none'
    ? v.leaderUserId === null && v.leaderDriverId === null
    : v.leaderKind === 'employee'
      ? v.leaderUserId !== null && v.leaderDriverId === null
      : v.leaderDriverId !== null && v.leaderUserId === null;
export const TeamInput = z
  .strictObject(TeamFields)
  .refine(leaderMatches, { message: 'v.teamLeader', path: ['leaderKind'] });
export type TeamInput = z.infer<typeof TeamInput>;
export const TeamUpdateInput = z
  .strictObject({ ...TeamFields, id: Id, version: Version })
  .refine(leaderMatches, { message: 'v.teamLeader', path: ['leaderKind'] });
export type TeamUpdateInput = z.infer<typeof TeamUpdateInput>;

export const TeamLeader = z.object({
  kind: z.enum(['employee', 'driver']),
  id: Id,
  name: z.string(),
  phone: z.string().nullable(),
});
export type TeamLeader = z.infer<typeof TeamLeader>;

/** One node of the tree (flat: `parentId` makes it a tree under `rentId`). */
export const TeamNode = z.object({
  id: Id,
  rentId: Id,
  rentName: z.string(),
  parentId: Id.nullable(),
  kind: TeamKind,
  name: z.string(),
  leader: TeamLeader.nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Drivers in this node itself (not its teams). */
  members: z.number().int(),
  /** Cars this node itself runs. */
  cars: z.number().int(),
  version: Version,
});
export type TeamNode = z.infer<typeof TeamNode>;

export const TeamTreeQuery = z.object({
  rentId: Id.optional(),
  keyword: text(30)
    .optional()
    .describe("part of a node's name or its leader's name: the nodes that match and their fleets"),
});
export type TeamTreeQuery = z.infer<typeof TeamTreeQuery>;

export const TeamDetail = TeamNode.extend({
  remark: z.string().nullable(),
  parentName: z.string().nullable(),
  /** Drivers of the node and of its teams. */
  membersTotal: z.number().int(),
  carsTotal: z.number().int(),
  /** The node's teams (a fleet's). */
  children: z.number().int(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type TeamDetail = z.infer<typeof TeamDetail>;

export const TeamOption = z.object({
  id: Id,
  rentId: Id,
  parentId: Id.nullable(),
  kind: TeamKind,
  /** "Fleet / Team" for a team. */
  label: z.string(),
  enabled: z.boolean(),
});
export type TeamOption = z.infer<typeof TeamOption>;
export const TeamOptionsQuery = z.object({ rentId: Id.optional() });

const boolParam = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

export const TeamMembersQuery = PageQuery.extend({
  teamId: Id,
  /** Also the drivers of its teams (a fleet's). */
  withSubteams: boolParam.default(true),
  keyword: text(30).optional().describe("part of the driver's name or phone"),
});
export type TeamMembersQuery = z.infer<typeof TeamMembersQuery>;

export const TeamMember = z.object({
  driverId: Id,
  name: z.string(),
  phone: z.string(),
  state: DriverState,
  teamId: Id,
  teamName: z.string(),
  joinedAt: Instant,
  /** The driver is this node's leader. */
  leader: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMember>;

const idList = (max: number) =>
  z
    .array(Id)
    .min(1)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'v.teamIdsDistinct' });

/** Moves drivers into the node (out of the node they were in: a move with its history). */
export const TeamMembersAddInput = z.strictObject({
  teamId: Id,
  driverIds: idList(TEAM_BATCH_MAX),
  reason: text(100).nullish(),
});
export type TeamMembersAddInput = z.infer<typeof TeamMembersAddInput>;
export const TeamMembersRemoveInput = TeamMembersAddInput;
export type TeamMembersRemoveInput = TeamMembersAddInput;

export const TeamMoveResult = z.object({
  /** Drivers moved (or removed). */
  moved: z.number().int(),
  /** Already where asked: nothing written. */
  unchanged: z.number().int(),
});
export type TeamMoveResult = z.infer<typeof TeamMoveResult>;

export const TeamMovesQuery = PageQuery.extend({
  teamId: Id.optional(),
  driverId: Id.optional(),
});
export type TeamMovesQuery = z.infer<typeof TeamMovesQuery>;

/** One stay of a driver in a node: joined, and left (null: still there). */
export const TeamMove = z.object({
  id: Id,
  driverId: Id,
  driverName: z.string(),
  teamId: Id,
  teamName: z.string(),
  joinedAt: Instant,
  joinReason: z.string().nullable(),
  joinedBy: z.string().nullable(),
  leftAt: Instant.nullable(),
  leaveReason: z.string().nullable(),
  leftBy: z.string().nullable(),
});
export type TeamMove = z.infer<typeof TeamMove>;

export const TeamCarsQuery = PageQuery.extend({
  teamId: Id,
  withSubteams: boolParam.default(true),
  keyword: text(30).optional().describe('part of the plate'),
});
export type TeamCarsQuery = z.infer<typeof TeamCarsQuery>;

export const TeamCar = z.object({
  carId: Id,
  plate: z.string(),
  model: z.string().nullable(),
  status: CarStatus,
  teamId: Id,
  teamName: z.string(),
});
export type TeamCar = z.infer<typeof TeamCar>;

export const TeamCarsInput = z.strictObject({ teamId: Id, carIds: idList(TEAM_BATCH_MAX) });
export type TeamCarsInput = z.infer<typeof TeamCarsInput>;
