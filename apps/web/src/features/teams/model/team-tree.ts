import type { TeamNode } from '@fleetdesk/contracts/teams';

/** A fleet or team of the tree, with the drivers and cars of it and of its teams. */
export interface TreeTeam {
  node: TeamNode;
  children: TreeTeam[];
  membersTotal: number;
  carsTotal: number;
}

/** A company (rent): the tree's top level, its fleets below. */
export interface TreeCompany {
  rentId: number;
  rentName: string;
  teams: TreeTeam[];
  membersTotal: number;
  carsTotal: number;
}

export interface Totals {
  members: number;
  cars: number;
}

/** The drivers and cars of each node with those of the nodes below it. */
export function subtreeTotals(nodes: readonly TeamNode[]): Map<number, Totals> {
  const children = new Map<number, TeamNode[]>();
  for (const n of nodes) {
    if (n.parentId === null) continue;
    children.set(n.parentId, [...(children.get(n.parentId) ?? []), n]);
  }
  const out = new Map<number, Totals>();
  const total = (n: TeamNode, seen: Set<number>): Totals => {
    const known = out.get(n.id);
    if (known) return known;
    const sum = { members: n.members, cars: n.cars };
    // A cycle cannot come from the server; the guard keeps a bad answer from hanging the page.
    if (!seen.has(n.id)) {
      seen.add(n.id);
      for (const c of children.get(n.id) ?? []) {
        const sub = total(c, seen);
        sum.members += sub.members;
        sum.cars += sub.cars;
      }
    }
    out.set(n.id, sum);
    return sum;
  };
  for (const n of nodes) total(n, new Set());
  return out;
}

/**
 * The flat answer as companies, fleets and teams, in the server's order. A node whose parent is not in the answer
 * (a team leader sees his team, not its fleet) stands at its company's top level. `totals` gives each node's counts
 * with its teams (from the whole tree when a keyword left some teams out); by default the answer's own.
 */
export function buildTree(
  nodes: readonly TeamNode[],
  totals: Map<number, Totals> = subtreeTotals(nodes),
): TreeCompany[] {
  const byId = new Map<number, TreeTeam>();
  for (const node of nodes) {
    const sum = totals.get(node.id) ?? { members: node.members, cars: node.cars };
    byId.set(node.id, { node, children: [], membersTotal: sum.members, carsTotal: sum.cars });
  }
  const companies = new Map<number, TreeCompany>();
  for (const item of byId.values()) {
    const parent = item.node.parentId === null ? undefined : byId.get(item.node.parentId);
    if (parent) {
      parent.children.push(item);
      continue;
    }
    const company = companies.get(item.node.rentId) ?? {
      rentId: item.node.rentId,
      rentName: item.node.rentName,
      teams: [],
      membersTotal: 0,
      carsTotal: 0,
    };
    company.teams.push(item);
    company.membersTotal += item.membersTotal;
    company.carsTotal += item.carsTotal;
    companies.set(item.node.rentId, company);
  }
  return [...companies.values()];
}

/** The tree key of a company and of a node. */
export const companyKey = (rentId: number) => `rent-${rentId}`;
export const nodeKey = (id: number) => String(id);
