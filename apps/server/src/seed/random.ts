/** A small deterministic generator, so that every demo database is the same. */
export class Random {
  constructor(private seed: number) {}
  next(): number {
    this.seed = (this.seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return this.seed / 2_147_483_648;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  chars(alphabet: string, n: number): string {
    return Array.from({ length: n }, () => alphabet[Math.floor(this.next() * alphabet.length)]).join('');
  }
}
