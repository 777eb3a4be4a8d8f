import type { GeocodeLang, GeocodeProvider, GeoPoint } from './geocode.js';

/** A real road of a real district (WGS-84, near its middle), in both languages. */
interface Place {
  lat: number;
  lon: number;
  zh: { city: string; district: string; road: string };
  en: { city: string; district: string; road: string };
}

const HZ = { zh: '浙江省杭州市', en: 'Hangzhou, Zhejiang' };
const SH = { zh: '上海市', en: 'Shanghai' };
const BJ = { zh: '北京市', en: 'Beijing' };

const place = (
  lat: number,
  lon: number,
  city: { zh: string; en: string },
  district: [string, string],
  road: [string, string],
): Place => ({
  lat,
  lon,
  zh: { city: city.zh, district: district[0], road: road[0] },
  en: { city: city.en, district: district[1], road: road[1] },
});

/** The sandbox's map: roads around the demo's cities (Hangzhou, Shanghai, Beijing). */
export const SANDBOX_PLACES: readonly Place[] = [
  place(30.279, 120.139, HZ, ['西湖区', 'Xihu District'], ['文三路', 'Wensan Road']),
  place(30.2745, 120.119, HZ, ['西湖区', 'Xihu District'], ['天目山路', 'Tianmushan Road']),
  place(30.264, 120.095, HZ, ['西湖区', 'Xihu District'], ['西溪路', 'Xixi Road']),
  place(30.235, 120.13, HZ, ['西湖区', 'Xihu District'], ['龙井路', 'Longjing Road']),
  place(30.295, 120.085, HZ, ['西湖区', 'Xihu District'], ['紫金港路', 'Zijingang Road']),
  place(30.258, 120.165, HZ, ['上城区', 'Shangcheng District'], ['延安路', "Yan'an Road"]),
  place(30.243, 120.2, HZ, ['上城区', 'Shangcheng District'], ['钱江路', 'Qianjiang Road']),
  place(30.3, 120.145, HZ, ['拱墅区', 'Gongshu District'], ['莫干山路', 'Moganshan Road']),
  place(30.34, 120.15, HZ, ['拱墅区', 'Gongshu District'], ['石祥路', 'Shixiang Road']),
  place(30.208, 120.21, HZ, ['滨江区', 'Binjiang District'], ['江南大道', 'Jiangnan Avenue']),
  place(30.282, 120.015, HZ, ['余杭区', 'Yuhang District'], ['文一西路', 'Wenyi West Road']),
  place(30.169, 120.265, HZ, ['萧山区', 'Xiaoshan District'], ['市心路', 'Shixin Road']),
  place(30.2295, 120.434, HZ, ['萧山区', 'Xiaoshan District'], ['机场大道', 'Airport Avenue']),
  place(31.238, 121.48, SH, ['黄浦区', 'Huangpu District'], ['南京东路', 'East Nanjing Road']),
  place(31.229, 121.455, SH, ['静安区', "Jing'an District"], ['南京西路', 'West Nanjing Road']),
  place(31.239, 121.5, SH, ['浦东新区', 'Pudong New Area'], ['陆家嘴环路', 'Lujiazui Ring Road']),
  place(31.229, 121.525, SH, ['浦东新区', 'Pudong New Area'], ['世纪大道', 'Century Avenue']),
  place(31.15, 121.79, SH, ['浦东新区', 'Pudong New Area'], ['迎宾大道', 'Yingbin Avenue']),
  place(31.192, 121.437, SH, ['徐汇区', 'Xuhui District'], ['漕溪北路', 'North Caoxi Road']),
  place(31.198, 121.405, SH, ['长宁区', 'Changning District'], ['虹桥路', 'Hongqiao Road']),
  place(31.1944, 121.3205, SH, ['闵行区', 'Minhang District'], ['申长路', 'Shenchang Road']),
  place(31.28, 121.5, SH, ['杨浦区', 'Yangpu District'], ['四平路', 'Siping Road']),
  place(31.245, 121.425, SH, ['普陀区', 'Putuo District'], ['中山北路', 'North Zhongshan Road']),
  place(39.9087, 116.3975, BJ, ['东城区', 'Dongcheng District'], ['东长安街', "East Chang'an Avenue"]),
  place(39.907, 116.37, BJ, ['西城区', 'Xicheng District'], ['西长安街', "West Chang'an Avenue"]),
  place(39.908, 116.46, BJ, ['朝阳区', 'Chaoyang District'], ['建国路', 'Jianguo Road']),
  place(39.983, 116.316, BJ, ['海淀区', 'Haidian District'], ['中关村大街', 'Zhongguancun Street']),
];

/** Within this distance of the nearest road the address is "near" it; beyond, the distance is said. */
const NEAR_M = 1_500;
/** Beyond this distance from every road of the table the sandbox knows no address. */
const KNOWN_M = 60_000;

/** Metres between two points (equirectangular: exact enough within a city). */
export function metresBetween(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const x = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

/**
 * The sandbox geocoder (the default): the nearest road of a table of real roads of the demo's cities, "near" it
 * within 1.5 km, with the distance up to 60 km, no address farther away. Deterministic; it takes `delayMs` to
 * answer like a real service, and fails on request for a point at 0°, 0° ("Null Island"), so that the screens'
 * fallback to coordinates can be seen.
 */
export class SandboxGeocodeProvider implements GeocodeProvider {
  readonly name = 'sandbox' as const;
  readonly sandbox = true;

  constructor(private readonly delayMs = 0) {}

  async reverse(point: GeoPoint, lang: GeocodeLang): Promise<string | null> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (Math.abs(point.lat) < 0.001 && Math.abs(point.lon) < 0.001)
      throw new Error('sandbox geocoder: failure on request');
    let best: Place | null = null;
    let bestM = Infinity;
    for (const p of SANDBOX_PLACES) {
      const m = metresBetween(point, p);
      if (m < bestM) {
        best = p;
        bestM = m;
      }
    }
    if (!best || bestM > KNOWN_M) return null;
    const km = (bestM / 1000).toFixed(1);
    if (lang === 'zh-CN') {
      const t = best.zh;
      return bestM <= NEAR_M
        ? `${t.city}${t.district}${t.road}附近`
        : `${t.city}${t.district}（距${t.road}约 ${km} 公里）`;
    }
    const t = best.en;
    return bestM <= NEAR_M
      ? `Near ${t.road}, ${t.district}, ${t.city}`
      : `${t.district}, ${t.city} (${km} km from ${t.road})`;
  }
}
