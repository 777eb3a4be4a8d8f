import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { OrganisationPaths, type InviteResult } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

export type Invite = z.infer<typeof InviteResult>;

/** Sends the SMS invitation again: a new link to set the password (the old one stops working). */
export function inviteEmployee(id: number): Promise<Invite> {
  return request<Invite>(fillPath(OrganisationPaths.employeeInvite, { id }), { method: 'POST' });
}

export function useInviteEmployee() {
  return useMutation({ mutationFn: inviteEmployee });
}
