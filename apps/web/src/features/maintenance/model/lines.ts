import { fenToYuan, yuanToFen } from '@fleetdesk/contracts/common';
import { lineAmountFen, type OrderLine } from '@fleetdesk/contracts/maintenance';

/** A line as the editor holds it: numbers may still be empty while the user types. */
export interface LineDraft {
  kind: 'part' | 'labour';
  name?: string;
  partNo?: string | null;
  quantity?: number | null;
  unitPrice?: number | null;
  hours?: number | null;
  rate?: number | null;
}

/** A line's amount in yuan, as the server computes it (to the fen); 0 while a number is missing. */
export function draftAmount(line: LineDraft): number {
  const price = line.kind === 'part' ? line.unitPrice : line.rate;
  if (price == null || !Number.isFinite(price)) return 0;
  return fenToYuan(
    lineAmountFen({ kind: line.kind, quantity: line.quantity, hours: line.hours, priceFen: yuanToFen(price) }),
  );
}

export interface LineTotals {
  parts: number;
  labour: number;
  total: number;
}

/** Parts, labour and the total of a set of lines, in yuan (summed in fen: no float drift). */
export function lineTotals(lines: readonly LineDraft[]): LineTotals {
  let parts = 0;
  let labour = 0;
  for (const line of lines) {
    const fen = yuanToFen(draftAmount(line));
    if (line.kind === 'part') parts += fen;
    else labour += fen;
  }
  return { parts: fenToYuan(parts), labour: fenToYuan(labour), total: fenToYuan(parts + labour) };
}

/** The order's stored lines as drafts for the editor. */
export function draftsOf(lines: readonly OrderLine[]): LineDraft[] {
  return lines.map((l) =>
    l.kind === 'part'
      ? { kind: 'part', name: l.name, partNo: l.partNo, quantity: l.quantity, unitPrice: l.unitPrice }
      : { kind: 'labour', name: l.name, hours: l.hours, rate: l.rate },
  );
}

/** The drafts as the lines call takes them (the contracts' schema checks them after). */
export function linesInput(drafts: readonly LineDraft[]): unknown[] {
  return drafts.map((d) =>
    d.kind === 'part'
      ? {
          kind: 'part',
          name: d.name?.trim() ?? '',
          partNo: d.partNo?.trim() || null,
          quantity: d.quantity ?? undefined,
          unitPrice: d.unitPrice ?? undefined,
        }
      : { kind: 'labour', name: d.name?.trim() ?? '', hours: d.hours ?? undefined, rate: d.rate ?? undefined },
  );
}
