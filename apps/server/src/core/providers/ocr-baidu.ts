import { UpstreamTimeoutError } from '../errors.js';
import {
  emptyDrivingLicenceFields,
  emptyIdCardFields,
  emptyLicenseFields,
  type DrivingLicenceOutcome,
  type IdCardOutcome,
  type OcrImage,
  type OcrOutcome,
  type OcrProvider,
  type VehicleLicenseSide,
} from './ocr.js';

export interface BaiduOcrOptions {
  apiKey: string;
  secretKey: string;
  /** https://aip.baidubce.com, or a stand-in in tests. */
  endpoint: string;
  timeoutMs?: number;
  now?: () => Date;
}

/** Baidu accepts images up to 4 MB after base64 encoding. */
const MAX_BASE64 = 4 * 1024 * 1024;
/** Token errors: the access token is invalid or expired (a new one is fetched once). */
const TOKEN_ERRORS = new Set([110, 111]);

interface Words {
  words?: string;
}
export interface BaiduLicenseAnswer {
  log_id?: number;
  error_code?: number;
  error_msg?: string;
  words_result?: Record<string, Words>;
}

/** `20180913` or `2018-09-13` -> `2018-09-13`; anything else null. */
export function baiduDate(v: string | undefined): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec((v ?? '').trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

const wordsOf = (words: Record<string, Words>) => (key: string) => {
  const v = words[key]?.words?.trim();
  return v ? v : null;
};
const genderOf = (v: string | null) => (v === '男' ? 'male' : v === '女' ? 'female' : null);

/** The words of a licence as our fields: the same mapping whichever side was read. */
export function mapBaiduLicense(words: Record<string, Words>): ReturnType<typeof emptyLicenseFields> {
  const w = wordsOf(words);
  const fields = emptyLicenseFields();
  fields.plate = w('号牌号码');
  fields.vehicleType = w('车辆类型');
  fields.owner = w('所有人');
  fields.address = w('住址');
  fields.useCharacter = w('使用性质');
  fields.model = w('品牌型号');
  fields.vin = w('车辆识别代号');
  fields.engineNo = w('发动机号码');
  fields.registrationDate = baiduDate(w('注册日期') ?? undefined);
  fields.issueDate = baiduDate(w('发证日期') ?? undefined);
  fields.issuer = w('发证单位');
  fields.fileNo = w('档案编号');
  const seats = /(\d+)/.exec(w('核定载人数') ?? '');
  fields.seats = seats ? Number(seats[1]) : null;
  const record = /(\d{4})年(\d{1,2})月/.exec(w('检验记录') ?? '');
  fields.inspectionValidUntil = record ? `${record[1]}-${record[2]!.padStart(2, '0')}` : null;
  fields.energyText = w('燃油类型') ?? w('燃料种类');
  return fields;
}

/** The words of an ID card (`idcard`, either side) as our fields. */
export function mapBaiduIdCard(words: Record<string, Words>): ReturnType<typeof emptyIdCardFields> {
  const w = wordsOf(words);
  const fields = emptyIdCardFields();
  fields.name = w('姓名');
  fields.gender = genderOf(w('性别'));
  fields.nation = w('民族');
  fields.birthDate = baiduDate(w('出生') ?? undefined);
  fields.address = w('住址');
  fields.idNumber = w('公民身份号码')?.toUpperCase() ?? null;
  fields.issuer = w('签发机关');
  fields.validFrom = baiduDate(w('签发日期') ?? undefined);
  fields.validTo = baiduDate(w('失效日期') ?? undefined);
  return fields;
}

/** The words of a driving licence (`driving_license`, either side) as our fields. */
export function mapBaiduDrivingLicence(words: Record<string, Words>): ReturnType<typeof emptyDrivingLicenceFields> {
  const w = wordsOf(words);
  const fields = emptyDrivingLicenceFields();
  fields.name = w('姓名');
  fields.gender = genderOf(w('性别'));
  fields.nationality = w('国籍');
  fields.address = w('住址');
  fields.birthDate = baiduDate(w('出生日期') ?? undefined);
  fields.licenceNumber = w('证号')?.toUpperCase() ?? null;
  fields.licenceClass = w('准驾车型')?.toUpperCase() ?? null;
  fields.firstIssue = baiduDate(w('初次领证日期') ?? undefined);
  // Older answers give the period as 有效期限 (start) and 至 (end); newer ones 有效起始日期 and 有效期限.
  const start = baiduDate(w('有效起始日期') ?? undefined);
  fields.validFrom = start ?? baiduDate(w('有效期限') ?? undefined);
  fields.validTo = start ? baiduDate(w('有效期限') ?? undefined) : baiduDate(w('至') ?? undefined);
  fields.fileNo = w('档案编号');
  return fields;
}

/**
 * Baidu AI Cloud OCR, vehicle licence recognition (`/rest/2.0/ocr/v1/vehicle_license`), authenticated with an
 * OAuth client-credentials access token (valid 30 days) that is cached and renewed when Baidu says it expired.
 */
export class BaiduOcrProvider implements OcrProvider {
  readonly name = 'baidu';
  readonly sandbox = false;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly options: BaiduOcrOptions) {}

  private now(): number {
    return (this.options.now?.() ?? new Date()).getTime();
  }

  private async post(url: string, body?: URLSearchParams): Promise<Record<string, unknown>> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        ...(body ? { body: body.toString() } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
      return ((await res.json().catch(() => ({}))) as Record<string, unknown>) ?? {};
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') throw new UpstreamTimeoutError();
      return { error_code: -1, error_msg: `network: ${(err as Error).message}` };
    }
  }

  /** The cached access token, or a new one (a day before its end it is renewed). */
  async accessToken(force = false): Promise<string | { error: string }> {
    if (!force && this.token && this.token.expiresAt > this.now()) return this.token.value;
    const q = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.options.apiKey,
      client_secret: this.options.secretKey,
    });
    const body = await this.post(`${this.options.endpoint}/oauth/2.0/token?${q}`);
    if (typeof body.access_token !== 'string') {
      return { error: `baidu token: ${String(body.error ?? '')} ${String(body.error_description ?? '')}`.trim() };
    }
    const ttl = Number(body.expires_in ?? 2_592_000);
    this.token = { value: body.access_token, expiresAt: this.now() + Math.max(ttl - 86_400, 60) * 1000 };
    return body.access_token;
  }

  /** The form the API takes: the image in base64, the side, and direction detection. */
  static requestBody(image: OcrImage, side: VehicleLicenseSide): URLSearchParams {
    return new URLSearchParams({
      image: image.bytes.toString('base64'),
      vehicle_license_side: side,
      detect_direction: 'true',
    });
  }

  /**
   * Posts an image to one of the OCR APIs with the cached token (renewed once on errors 110/111), and answers its
   * `words_result`, or why there is none.
   */
  private async recognise(
    api: string,
    body: URLSearchParams,
  ): Promise<{ ok: true; words: Record<string, Words> } | { ok: false; error: string }> {
    if ((body.get('image') ?? '').length > MAX_BASE64) return { ok: false, error: 'baidu: image larger than 4 MB' };
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = await this.accessToken(attempt > 0);
      if (typeof token !== 'string') return { ok: false, error: token.error };
      const answer = (await this.post(
        `${this.options.endpoint}/rest/2.0/ocr/v1/${api}?access_token=${encodeURIComponent(token)}`,
        body,
      )) as BaiduLicenseAnswer;
      if (answer.error_code !== undefined) {
        if (TOKEN_ERRORS.has(answer.error_code) && attempt === 0) continue;
        return { ok: false, error: `baidu: ${answer.error_code} ${answer.error_msg ?? ''}`.trim() };
      }
      const words = answer.words_result ?? {};
      if (!Object.values(words).some((v) => v.words?.trim())) return { ok: false, error: 'baidu: nothing recognised' };
      return { ok: true, words };
    }
    return { ok: false, error: 'baidu: access token refused' };
  }

  async vehicleLicense(image: OcrImage, side: VehicleLicenseSide): Promise<OcrOutcome> {
    const read = await this.recognise('vehicle_license', BaiduOcrProvider.requestBody(image, side));
    return read.ok ? { ok: true, fields: mapBaiduLicense(read.words) } : read;
  }

  /** `idcard`: `id_card_side` front (portrait) or back (national emblem); a risky or copied card is still read. */
  async idCard(image: OcrImage, side: VehicleLicenseSide): Promise<IdCardOutcome> {
    const body = new URLSearchParams({
      image: image.bytes.toString('base64'),
      id_card_side: side,
      detect_direction: 'true',
    });
    const read = await this.recognise('idcard', body);
    return read.ok ? { ok: true, fields: mapBaiduIdCard(read.words) } : read;
  }

  /** `driving_license`: `driving_license_side` front (main page) or back (second page). */
  async drivingLicence(image: OcrImage, side: VehicleLicenseSide): Promise<DrivingLicenceOutcome> {
    const body = new URLSearchParams({
      image: image.bytes.toString('base64'),
      driving_license_side: side,
      detect_direction: 'true',
    });
    const read = await this.recognise('driving_license', body);
    return read.ok ? { ok: true, fields: mapBaiduDrivingLicence(read.words) } : read;
  }
}
