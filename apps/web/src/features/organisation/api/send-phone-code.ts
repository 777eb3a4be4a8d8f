import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { OrganisationPaths, type PhoneCodeSent } from '@fleetdesk/contracts/organisation';
import { fillPath } from '@fleetdesk/contracts/paths';
import { isFieldFailure } from '../../../lib/field-failure';
import { request } from '../../../lib/request';

export type PhoneCode = z.infer<typeof PhoneCodeSent>;

/** Sends the code that a phone change of an account in use needs to the new phone. */
export function sendPhoneCode(input: { id: number; phone: string }): Promise<PhoneCode> {
  return request<PhoneCode>(fillPath(OrganisationPaths.employeePhoneCode, { id: input.id }), {
    method: 'POST',
    json: { phone: input.phone },
    // A field error (the phone taken or invalid) lands on the form's phone field.
    silent: isFieldFailure,
  });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
