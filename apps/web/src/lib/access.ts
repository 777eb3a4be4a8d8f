import { menuOfElement } from '@fleetdesk/contracts/permissions';
import { useSession, type SessionState } from './session';

/** Button-level checks: one small pure function from the session to flags. */
export interface Access {
  /** The user holds this element (`rentCar:add`) or menu (`rentCar`), and the tenant's plan allows it. */
  can(code: string): boolean;
}

export function createAccess(state: Pick<SessionState, 'user' | 'tenantElements'>): Access {
  const user = state.user;
  const menus = new Set(user?.menus ?? []);
  return {
    can(code) {
      if (!user) return false;
      const held = code.includes(':') ? !!user.elements[code] && menus.has(menuOfElement(code)) : menus.has(code);
      const planned = state.tenantElements ? !!state.tenantElements[code] : true;
      return held && planned;
    },
  };
}

export function useAccess(): Access {
  const user = useSession((s) => s.user);
  const tenantElements = useSession((s) => s.tenantElements);
  return createAccess({ user, tenantElements });
}
