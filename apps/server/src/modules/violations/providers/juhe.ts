import { createHash } from 'node:crypto';
import {
  ProviderError,
  tail,
  type ProviderAnswer,
  type ProviderViolation,
  type QueryCar,
  type QueryRequirements,
  type ViolationProvider,
} from './provider.js';

interface JuheCity {
  city_name: string;
  city_code: string;
  abbr: string;
  engine: string | number;
  engineno: string | number;
  class?: string | number;
  classa?: string | number;
  classno: string | number;
}

interface JuheAnswer<T> {
  resultcode?: string;
  reason?: string;
  result?: T;
  error_code?: number;
}

interface JuheRecord {
  date: string;
  area: string;
  act: string;
  code?: string;
  fen: string | number;
  money: string | number;
  handled: string | number;
  archiveno?: string;
  wzcity?: string;
}

const CITY_CACHE_MS = 6 * 3600_000;
const TIMEOUT_MS = 15_000;

/**
 * 聚合数据 (juhe.cn) 全国违章查询. Two calls of its HTTP API, both GET with the account's `key`:
 * `wz/citys` lists the cities it covers with what each needs (`engine`/`engineno`: the engine number, 0 = all
 * of it or its last N characters; `class`/`classno`: the same for the VIN); `wz/query` (`city`, `hphm`,
 * `hpzl` 02 = small car, `engineno`, `classno`) answers the unhandled violations of a plate in `result.lists`.
 * An answer with `error_code` other than 0 is a failure of that car (refunded by the caller). Record times are
 * Beijing time without an offset. A record without the authority's archive number gets a stable number of
 * ours (plate, time and offence code), so that a second query finds it again.
 */
export class JuheViolationProvider implements ViolationProvider {
  readonly name = 'juhe';
  readonly sandbox = false;
  private cities: { at: number; list: JuheCity[] } | null = null;

  constructor(private readonly o: { key: string; endpoint: string; fetch?: typeof fetch; now?: () => Date }) {}

  private async call<T>(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<JuheAnswer<T>> {
    const url = new URL(`${this.o.endpoint.replace(/\/$/, '')}/${path}`);
    for (const [k, v] of Object.entries({ ...params, key: this.o.key })) url.searchParams.set(k, v);
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const res = await (this.o.fetch ?? fetch)(url, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    }).catch((err: unknown) => {
      throw new ProviderError(`juhe unreachable: ${(err as Error).message}`);
    });
    if (!res.ok) throw new ProviderError(`juhe answered HTTP ${res.status}`);
    const body = (await res.json().catch(() => null)) as JuheAnswer<T> | null;
    if (!body) throw new ProviderError('juhe answered no JSON');
    if (body.error_code !== 0 && body.error_code !== undefined) {
      throw new ProviderError(`${body.reason ?? 'error'} (${body.error_code})`, body);
    }
    if (body.error_code === undefined && body.resultcode !== '200') {
      throw new ProviderError(`${body.reason ?? 'error'} (${body.resultcode ?? '?'})`, body);
    }
    return body;
  }

  private async cityList(): Promise<JuheCity[]> {
    const now = (this.o.now ?? (() => new Date()))().getTime();
    if (this.cities && now - this.cities.at < CITY_CACHE_MS) return this.cities.list;
    const answer = await this.call<Record<string, { citys?: JuheCity[] }>>('wz/citys', {});
    const list = Object.values(answer.result ?? {}).flatMap((p) => p.citys ?? []);
    this.cities = { at: now, list };
    return list;
  }

  /** The city of a plate: the one whose abbreviation is the plate's first two characters, else its province's first. */
  private async cityOf(plate: string): Promise<JuheCity | undefined> {
    const list = await this.cityList();
    return list.find((c) => c.abbr === plate.slice(0, 2)) ?? list.find((c) => c.abbr === plate.slice(0, 1));
  }

  async requirements(plate: string): Promise<QueryRequirements> {
    const city = await this.cityOf(plate);
    if (!city) return { supported: false, engineDigits: null, vinDigits: null };
    const needsVin = Number(city.classa ?? city.class ?? 0) === 1;
    return {
      supported: true,
      engineDigits: Number(city.engine) === 1 ? Number(city.engineno) : null,
      vinDigits: needsVin ? Number(city.classno) : null,
    };
  }

  async query(car: QueryCar, signal?: AbortSignal): Promise<ProviderAnswer> {
    const city = await this.cityOf(car.plate);
    if (!city) throw new ProviderError('juhe does not cover this plate');
    const need = await this.requirements(car.plate);
    const engineno = tail(car.engineNo, need.engineDigits);
    const classno = tail(car.vin, need.vinDigits);
    if (engineno === null || classno === null) throw new ProviderError('the car lacks the engine number or VIN digits');
    const answer = await this.call<{ lists?: JuheRecord[] }>(
      'wz/query',
      { city: city.city_code, hphm: car.plate, hpzl: '02', engineno, classno },
      signal,
    );
    const lists = answer.result?.lists ?? [];
    return { raw: answer, violations: lists.map((r) => toViolation(car.plate, r)) };
  }
}

function toViolation(plate: string, r: JuheRecord): ProviderViolation {
  // "2013-12-29 11:57:29", Beijing time.
  const occurredAt = new Date(`${r.date.trim().replace(' ', 'T')}+08:00`);
  if (Number.isNaN(occurredAt.getTime())) throw new ProviderError(`juhe record with an unreadable date: ${r.date}`);
  const act = r.act.trim();
  // Some cities put the code in front of the text: "16362 : 驾驶中型以上...".
  const m = /^(\d{4,6})\s*[:：]\s*(.+)$/.exec(act);
  const code = r.code?.trim() || m?.[1] || '';
  const text = m ? m[2]! : act;
  const archive = r.archiveno?.trim();
  const violationNo =
    archive ||
    `JH${createHash('sha256')
      .update(`${plate}|${occurredAt.toISOString()}|${code || text}`)
      .digest('hex')
      .slice(0, 20)}`;
  return {
    violationNo,
    occurredAt,
    place: r.area.trim(),
    offenceCode: code,
    offenceText: text,
    fineFen: Math.round(Number(r.money || 0) * 100),
    points: Math.round(Number(r.fen || 0)),
    lateFeeFen: 0,
    handled: String(r.handled) === '1',
    authority: r.wzcity?.trim() ?? '',
  };
}
