import type { Department } from '@fleetdesk/contracts/organisation';

export interface DepartmentNode {
  id: number;
  name: string;
  parentId: number | null;
  sort: number;
  /** Employees directly in the department, and in it and every department below it. */
  direct: number;
  total: number;
  children: DepartmentNode[];
}

/** The flat list as a tree, ordered by `sort` then name; an orphan (unknown parent) is shown at the top. */
export function buildTree(departments: Department[]): DepartmentNode[] {
  const nodes = new Map<number, DepartmentNode>();
  for (const d of departments) {
    nodes.set(d.id, { ...d, direct: d.employees, total: d.employees, children: [] });
  }
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: DepartmentNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
    for (const n of list) {
      order(n.children);
      n.total = n.direct + n.children.reduce((sum, c) => sum + c.total, 0);
    }
  };
  order(roots);
  return roots;
}

/** The ids of a department and every department below it. */
export function subtreeIds(node: DepartmentNode): Set<number> {
  const out = new Set<number>([node.id]);
  for (const c of node.children) for (const id of subtreeIds(c)) out.add(id);
  return out;
}

export function findNode(nodes: DepartmentNode[], id: number): DepartmentNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findNode(n.children, id);
    if (found) return found;
  }
  return undefined;
}

/** TreeSelect data; `exclude` leaves out departments (a department cannot move under itself). */
export function treeSelectData(
  nodes: DepartmentNode[],
  exclude: Set<number> = new Set(),
): { value: number; title: string; children: ReturnType<typeof treeSelectData> }[] {
  return nodes
    .filter((n) => !exclude.has(n.id))
    .map((n) => ({ value: n.id, title: n.name, children: treeSelectData(n.children, exclude) }));
}
