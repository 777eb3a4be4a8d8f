import { describe, expect, it } from 'vitest';
import { allCodes, normaliseGrants, toggleGrant, toTreeData } from '../components/permission-tree';
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
