import { useMutation } from '@tanstack/react-query';
import { AuthPaths, type CheckPhoneResult, type CodeScene } from '@fleetdesk/contracts/auth';
import { fillPath } from '@fleetdesk/contracts/paths';
import { request } from '../../../lib/request';

export interface CheckPhoneInput {
  /** A phone number; for the login scene a username works too. */
  phone: string;
  scene: CodeScene;
}

/** Asks for an SMS code for the scene; the answer is the same whether the phone (or username) has an account. */
export function checkPhone({ phone, scene }: CheckPhoneInput): Promise<CheckPhoneResult> {
  return request<CheckPhoneResult>(fillPath(AuthPaths.checkPhone, { phone: phone.trim() }), {
    method: 'POST',
    query: { scene },
    noToken: true,
  });
}

export function useCheckPhone() {
  return useMutation({ mutationFn: checkPhone });
}
