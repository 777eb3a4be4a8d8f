import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  TeamPaths as P,
  TeamCar,
  TeamCarsInput,
  TeamCarsQuery,
  TeamDetail,
  TeamInput,
  TeamMember,
  TeamMembersAddInput,
  TeamMembersQuery,
  TeamMembersRemoveInput,
  TeamMove,
  TeamMoveResult,
  TeamMovesQuery,
  TeamNode,
  TeamOption,
  TeamOptionsQuery,
  TeamTreeQuery,
  TeamUpdateInput,
} from '@fleetdesk/contracts/teams';
import { access } from '../../core/access.js';
import { ok } from '../../core/envelope.js';
import { commissionRoutes } from './commission.routes.js';
import { performanceRoutes } from './performance.routes.js';
import {
  addCars,
  addMembers,
  createTeam,
  deleteTeam,
  getTeam,
  removeCars,
  removeMembers,
  teamCars,
  teamMembers,
  teamMoves,
  teamOptions,
  teamTree,
  updateTeam,
} from './teams.service.js';

const tags = ['teams'];
const view = access.permission('teams:view');
const edit = access.permission('teams:edit');
const audit = { targetType: 'team' };

/** Fleet teams (车队运营, issue 34; docs/teams.md): the tree, its drivers with their moves, its cars. */
export async function teamsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  await app.register(performanceRoutes);
  await app.register(commissionRoutes);

  app.get(P.tree, {
    schema: {
      tags,
      summary: 'The fleets and teams the caller sees, flat (parentId makes the tree under each company)',
      querystring: TeamTreeQuery,
      response: { 200: envelope(z.array(TeamNode)) },
    },
    config: { access: view },
    handler: async (req) => ok(await teamTree(deps, req.ctx, req.query)),
  });

  app.get(P.options, {
    schema: {
      tags,
      summary: 'Fleets and teams for a picker',
      querystring: TeamOptionsQuery,
      response: { 200: envelope(z.array(TeamOption)) },
    },
    config: { access: access.anyOf(['teams', 'rentDriver', 'rentCar']) },
    handler: async (req) => ok(await teamOptions(deps, req.ctx, req.query)),
  });

  app.get(P.get, {
    schema: { tags, summary: 'One fleet or team', params: IdParam, response: { 200: envelope(TeamDetail) } },
    config: { access: view },
    handler: async (req) => ok(await getTeam(deps, req.ctx, req.params.id)),
  });

  app.post(P.create, {
    schema: {
      tags,
      summary: 'Adds a fleet under its company or a team under a fleet',
      body: TeamInput,
      response: { 200: envelope(TeamDetail) },
    },
    config: { access: access.permission('teams:add'), audit },
    handler: async (req) => {
      const team = await createTeam(deps, req.ctx, req.body);
      req.auditNote = { targetId: team.id, summary: req.body };
      return ok(team);
    },
  });

  app.put(P.update, {
    schema: {
      tags,
      summary: 'Renames, moves, enables or disables a node, or changes its leader (at its version: 409 when stale)',
      body: TeamUpdateInput,
      response: { 200: envelope(TeamDetail) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      const { team, changed } = await updateTeam(deps, req.ctx, req.body);
      req.auditNote = { targetId: team.id, summary: changed };
      return ok(team);
    },
  });

  app.post(P.remove, {
    schema: {
      tags,
      summary: 'Deletes a node without teams, drivers and cars (409 otherwise)',
      params: IdParam,
      response: { 200: envelope(z.boolean()) },
    },
    config: { access: access.permission('teams:delete'), audit },
    handler: async (req) => {
      const node = await deleteTeam(deps, req.ctx, req.params.id);
      req.auditNote = { targetId: node.id, summary: { name: node.name, kind: node.kind } };
      return ok(true);
    },
  });

  app.get(P.members, {
    schema: {
      tags,
      summary: 'The drivers in a node (and its teams)',
      querystring: TeamMembersQuery,
      response: { 200: envelope(paged(TeamMember)) },
    },
    config: { access: view },
    handler: async (req) => ok(await teamMembers(deps, req.ctx, req.query)),
  });

  app.post(P.membersAdd, {
    schema: {
      tags,
      summary: 'Drivers join a node, leaving the one they were in (each move kept in the history)',
      body: TeamMembersAddInput,
      response: { 200: envelope(TeamMoveResult) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      const result = await addMembers(deps, req.ctx, req.body);
      req.auditNote = { targetId: req.body.teamId, summary: { ...req.body, ...result } };
      return ok(result);
    },
  });

  app.post(P.membersRemove, {
    schema: {
      tags,
      summary: 'Drivers of a node (or of its teams) leave it',
      body: TeamMembersRemoveInput,
      response: { 200: envelope(TeamMoveResult) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      const result = await removeMembers(deps, req.ctx, req.body);
      req.auditNote = { targetId: req.body.teamId, summary: { ...req.body, ...result } };
      return ok(result);
    },
  });

  app.get(P.moves, {
    schema: {
      tags,
      summary: "Drivers' stays in nodes (of a node and its teams, or of a driver), newest first",
      querystring: TeamMovesQuery,
      response: { 200: envelope(paged(TeamMove)) },
    },
    config: { access: view },
    handler: async (req) => ok(await teamMoves(deps, req.ctx, req.query)),
  });

  app.get(P.cars, {
    schema: {
      tags,
      summary: 'The cars a node (and its teams) runs',
      querystring: TeamCarsQuery,
      response: { 200: envelope(paged(TeamCar)) },
    },
    config: { access: view },
    handler: async (req) => ok(await teamCars(deps, req.ctx, req.query)),
  });

  app.post(P.carsAdd, {
    schema: {
      tags,
      summary: 'A node runs the cars (taken from the node that ran them)',
      body: TeamCarsInput,
      response: { 200: envelope(TeamMoveResult) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      const result = await addCars(deps, req.ctx, req.body);
      req.auditNote = { targetId: req.body.teamId, summary: { ...req.body, ...result } };
      return ok(result);
    },
  });

  app.post(P.carsRemove, {
    schema: {
      tags,
      summary: 'Cars of a node (or of its teams) leave it',
      body: TeamCarsInput,
      response: { 200: envelope(TeamMoveResult) },
    },
    config: { access: edit, audit },
    handler: async (req) => {
      const result = await removeCars(deps, req.ctx, req.body);
      req.auditNote = { targetId: req.body.teamId, summary: { ...req.body, ...result } };
      return ok(result);
    },
  });
}
