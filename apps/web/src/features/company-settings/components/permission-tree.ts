import type { PermissionNode } from '@fleetdesk/contracts/organisation';
import type { Language } from '../../../lib/i18n';
import { menuHasScreen } from '../../../lib/screens';

export interface PermissionTreeNode {
  key: string;
  title: string;
  kind: 'menu' | 'element';
  children: PermissionTreeNode[];
}

/** antd Tree data: the titles in the current language. */
export function toTreeData(nodes: readonly PermissionNode[], lang: Language): PermissionTreeNode[] {
  return nodes.map((n) => ({
    key: n.code,
    title: n.title[lang],
    kind: n.kind,
    children: toTreeData(n.children, lang),
  }));
}

/**
 * The tree without the modules that have no screen yet (a menu no route of the table needs, `lib/screens.ts`):
 * a role is not offered what nobody can open. A menu's elements stay with it.
 */
export function withScreens(nodes: readonly PermissionNode[]): PermissionNode[] {
  return nodes
    .filter((n) => n.kind === 'element' || menuHasScreen(n.code))
    .map((n) => ({ ...n, children: withScreens(n.children) }));
}

/** Every code of the tree, in the tree's order (parents before their children). */
export function allCodes(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((n) => [n.code, ...allCodes(n.children)]);
}

interface Index {
  parent: Map<string, string | null>;
  children: Map<string, string[]>;
  order: string[];
}

function indexTree(nodes: readonly PermissionNode[]): Index {
  const parent = new Map<string, string | null>();
  const children = new Map<string, string[]>();
  const visit = (list: readonly PermissionNode[], up: string | null) => {
    for (const n of list) {
      parent.set(n.code, up);
      children.set(
        n.code,
        n.children.map((c) => c.code),
      );
      visit(n.children, n.code);
    }
  };
  visit(nodes, null);
  return { parent, children, order: allCodes(nodes) };
}

function descendants(index: Index, code: string): string[] {
  return (index.children.get(code) ?? []).flatMap((c) => [c, ...descendants(index, c)]);
}

function ancestors(index: Index, code: string): string[] {
  const out: string[] = [];
  for (let up = index.parent.get(code); up; up = index.parent.get(up)) out.push(up);
  return out;
}

/**
 * The grants after ticking or unticking one node of the tree:
 * - ticking a node grants it, everything under it (a menu with its elements and sub-menus), and its menu path
 *   (an element cannot be used without the menus that lead to it);
 * - unticking a node takes it and everything under it away; the menus above it stay.
 * The answer keeps the tree's order and drops codes the tree does not know (outside the plan).
 */
export function toggleGrant(
  tree: readonly PermissionNode[],
  grants: readonly string[],
  code: string,
  ticked: boolean,
): string[] {
  const index = indexTree(tree);
  const next = new Set(grants);
  const affected = [code, ...descendants(index, code)];
  if (ticked) for (const c of [...affected, ...ancestors(index, code)]) next.add(c);
  else for (const c of affected) next.delete(c);
  return index.order.filter((c) => next.has(c));
}

/** Grants as the tree shows them: known codes only, with every ticked node's menu path ticked too. */
export function normaliseGrants(tree: readonly PermissionNode[], grants: readonly string[]): string[] {
  const index = indexTree(tree);
  const next = new Set(grants.filter((c) => index.parent.has(c)));
  for (const c of [...next]) for (const up of ancestors(index, c)) next.add(up);
  return index.order.filter((c) => next.has(c));
}
