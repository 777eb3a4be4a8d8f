import { useMutation } from '@tanstack/react-query';
import { AuthPaths, type UserInfo } from '@fleetdesk/contracts/auth';
import { request } from '../../../lib/request';
import { session } from '../../../lib/session';

export interface ProfileInput {
  name: string;
  email: string | null;
  profilePhoto: string | null;
}

/** Updates the signed-in user's name, e-mail and photo; answers the profile. */
export function updateProfile(input: ProfileInput): Promise<UserInfo> {
  return request<UserInfo>(AuthPaths.updateProfile, { method: 'PUT', json: input });
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    // The header shows the new name and photo at once.
    onSuccess: (info) =>
      session.set((s) => ({
        user: s.user ? { ...s.user, name: info.name, email: info.email, avatar: info.profilePhoto } : null,
      })),
  });
}
