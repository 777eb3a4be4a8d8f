import { afterEach, describe, expect, it } from 'vitest';
import { screenMenuCodes } from '../../../app/routes';
import { MENUS } from '@fleetdesk/contracts/permissions';
import { registerScreens } from '../../../lib/screen-registry';
import { menuHasScreen } from '../../../lib/screens';
import { allCodes, normaliseGrants, toggleGrant, toTreeData, withScreens } from '../components/permission-tree';
import { TREE } from './fixtures';

describe('ticking the permission tree', () => {
  it('an element ticks its menu path; a menu ticks everything under it', () => {
    expect(toggleGrant(TREE, [], 'oaDepart:add', true)).toEqual(['oa', 'oaDepart', 'oaDepart:add']);
    expect(toggleGrant(TREE, [], 'oa', true)).toEqual(['oa', 'oa:view', 'oaDepart', 'oaDepart:view', 'oaDepart:add']);
  });

  it('unticking takes the node and what is under it, and leaves the menus above', () => {
    const all = allCodes(TREE);
    expect(toggleGrant(TREE, all, 'oaDepart', false)).toEqual(all.filter((c) => !c.startsWith('oaDepart')));
    expect(toggleGrant(TREE, ['rentCar', 'rentCar:view'], 'rentCar:view', false)).toEqual(['rentCar']);
  });

  it('normalises stored grants: unknown codes out, menu paths in, tree order', () => {
    expect(normaliseGrants(TREE, ['oaDepart:view', 'gone:code', 'rentCar:add'])).toEqual([
      'rentCar',
      'rentCar:add',
      'oa',
      'oaDepart',
      'oaDepart:view',
    ]);
  });

  it('titles the nodes in the language asked for', () => {
    expect(toTreeData(TREE, 'zh-CN')[1]!.children[1]!.title).toBe('通讯录');
    expect(toTreeData(TREE, 'en-US')[0]!.title).toBe('Vehicles');
  });
});

describe('the modules offered', () => {
  afterEach(() => registerScreens(screenMenuCodes()));

  it('are the menus a screen of the route table needs, a group through its sub-menus, with their elements', () => {
    // The screens as the route table registers them: vehicles and the address book (under the office group `oa`).
    registerScreens(['rentCar', 'oaDepart']);
    const tree = [...TREE, { ...TREE[0]!, code: 'finance', children: [] }];
    expect(allCodes(withScreens(tree))).toEqual([
      'rentCar',
      'rentCar:view',
      'rentCar:add',
      'oa',
      'oa:view',
      'oaDepart',
      'oaDepart:view',
      'oaDepart:add',
    ]);
    // A module appears when its screen lands.
    registerScreens(['rentCar', 'oaDepart', 'oaSetting', 'finance']);
    expect(withScreens(tree).map((n) => n.code)).toEqual(['rentCar', 'oa', 'oaSetting', 'finance']);
  });

  it('follow the route table: every module of the catalogue has its screen now', () => {
    registerScreens(screenMenuCodes());
    const codes = screenMenuCodes();
    expect(codes).toEqual(
      expect.arrayContaining([
        'rentCar',
        'rentDriver',
        'rentContract',
        'finance',
        'maintenance',
        'crm',
        'sevenGo',
        'sevenSetting',
        'teams',
        'oaDepart',
        'oaSetting',
        'notarization',
      ]),
    );
    // Notarization was the last module without a screen (issue 35); a module added to the catalogue without one
    // would be left out of the tree again.
    expect(MENUS.filter((m) => !menuHasScreen(m.code)).map((m) => m.code)).toEqual([]);
  });
});
