import { describe, expect, it } from 'vitest';
import { createAccess } from '../access';
import type { SessionUser } from '../session';

const user = (menus: string[], elements: string[]) =>
  ({ menus, elements: Object.fromEntries(elements.map((e) => [e, true])) }) as unknown as SessionUser;

describe('access', () => {
  it('grants an element only with its menu, and a menu when held', () => {
    const access = createAccess({ user: user(['rentCar'], ['rentCar:view', 'rentDriver:view']), tenantElements: null });
    expect(access.can('rentCar')).toBe(true);
    expect(access.can('rentCar:view')).toBe(true);
    expect(access.can('rentCar:add')).toBe(false);
    expect(access.can('rentDriver:view')).toBe(false);
    expect(access.can('oaLog')).toBe(false);
  });

  it("is limited by the tenant's plan once it is known", () => {
    const access = createAccess({
      user: user(['rentCar', 'finance'], ['rentCar:add', 'finance:add']),
      tenantElements: { rentCar: true, 'rentCar:add': true },
    });
    expect(access.can('rentCar:add')).toBe(true);
    expect(access.can('finance')).toBe(false);
    expect(access.can('finance:add')).toBe(false);
  });

  it('grants nothing signed out', () => {
    expect(createAccess({ user: null, tenantElements: null }).can('rentCar')).toBe(false);
  });
});
