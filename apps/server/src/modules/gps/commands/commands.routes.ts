import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, IdParam, paged } from '@fleetdesk/contracts/common';
import {
  GPS_COMMAND_PERMISSION,
  GpsCommand,
  GpsCommandDetail,
  GpsCommandInput,
  GpsCommandPaths as P,
  GpsCommandQuery,
} from '@fleetdesk/contracts/gps-commands';
import { access } from '../../../core/access.js';
import { ok } from '../../../core/envelope.js';
import { noteForcedFuelCut } from '../risk/risk.service.js';
import { cancelCommand, commandById, listCommands, sendCommand } from './commands.service.js';
import '../gps.messages.js';

const tags = ['gps'];
const VIEW = 'riskGpsMap:view';
/** Either element lets a user in; the service checks the command type's own (a fuel cut needs `fuelCut`). */
const SEND = [GPS_COMMAND_PERMISSION.other, GPS_COMMAND_PERMISSION.fuel];

/**
 * GPS part 2 (issue 18): remote commands (spec section 7). The service writes the operation log itself (queue,
 * cancel, the device's result, expiry), since commands also come from the risk engine and answers from devices.
 */
export async function gpsCommandsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.put(P.send, {
    schema: {
      tags,
      summary:
        'Queue a command for a device (fuel cut/restore need riskGpsMap:fuelCut, the others riskGpsMap:command); 409 for OsmAnd devices and for a fuel cut above the safe speed unless forced or waitSafeSpeed; force needs riskGpsMap:forceFuelCut, is logged as deviceCommand.force and shows on the car’s open risk case',
      params: IdParam,
      body: GpsCommandInput,
      response: { 200: envelope(GpsCommandDetail) },
    },
    config: { access: access.anyOf(SEND), audit: false },
    handler: async (req) => {
      const command = await sendCommand(deps, req.ctx, req.params.id, req.body);
      if (command.forced) {
        await noteForcedFuelCut(deps, {
          tenantId: req.ctx.tenantId,
          deviceId: command.deviceId,
          carId: command.carId,
          commandId: command.id,
          actorId: req.ctx.userId,
          reason: command.reason,
        });
      }
      return ok(command);
    },
  });

  app.get(P.page, {
    schema: {
      tags,
      summary: 'Commands of the caller’s rents, newest first (filters: type, device, keyword, status, source, period)',
      querystring: GpsCommandQuery,
      response: { 200: envelope(paged(GpsCommand)) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await listCommands(deps, req.ctx, req.query)),
  });

  app.get(P.detail, {
    schema: {
      tags,
      summary: 'One command with its steps and the device’s reply',
      params: IdParam,
      response: { 200: envelope(GpsCommandDetail) },
    },
    config: { access: access.permission(VIEW) },
    handler: async (req) => ok(await commandById(deps, req.ctx.tenantId, req.params.id, req.ctx.rentIds)),
  });

  app.put(P.cancel, {
    schema: {
      tags,
      summary: 'Cancel a command still queued',
      params: IdParam,
      response: { 200: envelope(GpsCommandDetail) },
    },
    config: { access: access.anyOf(SEND), audit: false },
    handler: async (req) => ok(await cancelCommand(deps, req.ctx, req.params.id)),
  });
}
