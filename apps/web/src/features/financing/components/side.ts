import { useQuery } from '@tanstack/react-query';
import { homeQuery } from '../api/applications';

/** Which side the caller is on (the finance home's answer says; cached for the screens). */
export function useSide(): 'applicant' | 'financier' | undefined {
  return useQuery({ ...homeQuery(), staleTime: 60_000 }).data?.side;
}
