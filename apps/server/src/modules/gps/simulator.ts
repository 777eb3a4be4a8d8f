import { ALARM_BITS } from './jt808/codec.js';
import { distance } from './motion.js';

/**
 * Road-like paths in Hangzhou and Shanghai (WGS-84, lat/lon, following real streets roughly) and a driver that
 * moves a car along one, back and forth, with speed changes and stops at both ends. The demo seed uses it for
 * the history, `npm run gps-simulator` and the e2e test to drive demo cars over JT/T 808, the bench for load.
 */
export const PATHS: { code: string; city: 'HZ' | 'SH'; name: string; points: [number, number][]; maxKmh: number }[] = [
  {
    code: 'hz-wenyi',
    city: 'HZ',
    name: '文一西路',
    maxKmh: 60,
    points: [
      [30.2795, 120.065],
      [30.2792, 120.09],
      [30.279, 120.11],
      [30.2786, 120.13],
      [30.2785, 120.15],
    ],
  },
  {
    code: 'hz-westlake',
    city: 'HZ',
    name: '西湖环线',
    maxKmh: 40,
    points: [
      [30.259, 120.148],
      [30.262, 120.138],
      [30.255, 120.133],
      [30.242, 120.142],
      [30.232, 120.15],
      [30.245, 120.162],
      [30.259, 120.164],
    ],
  },
  {
    code: 'hz-binjiang',
    city: 'HZ',
    name: '钱江新城-滨江',
    maxKmh: 70,
    points: [
      [30.247, 120.21],
      [30.23, 120.213],
      [30.21, 120.21],
      [30.205, 120.19],
    ],
  },
  {
    code: 'hz-moganshan',
    city: 'HZ',
    name: '莫干山路',
    maxKmh: 50,
    points: [
      [30.275, 120.155],
      [30.29, 120.152],
      [30.31, 120.148],
      [30.33, 120.14],
    ],
  },
  {
    code: 'sh-yanan',
    city: 'SH',
    name: '延安高架',
    maxKmh: 80,
    points: [
      [31.206, 121.4],
      [31.218, 121.43],
      [31.225, 121.46],
      [31.23, 121.48],
    ],
  },
  {
    code: 'sh-century',
    city: 'SH',
    name: '世纪大道',
    maxKmh: 60,
    points: [
      [31.24, 121.505],
      [31.233, 121.52],
      [31.225, 121.54],
      [31.215, 121.55],
    ],
  },
  {
    code: 'sh-bund',
    city: 'SH',
    name: '中山东路',
    maxKmh: 45,
    points: [
      [31.24, 121.49],
      [31.23, 121.492],
      [31.22, 121.488],
      [31.21, 121.475],
    ],
  },
  {
    code: 'sh-hongqiao',
    city: 'SH',
    name: '虹桥路',
    maxKmh: 55,
    points: [
      [31.197, 121.32],
      [31.2, 121.36],
      [31.196, 121.4],
      [31.2, 121.43],
    ],
  },
];

export interface SimPoint {
  time: Date;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  direction: number;
  /** metres */
  odometer: number;
  alarm: number;
  acc: boolean;
}

function bearing(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const y = Math.sin((b[1] - a[1]) * rad) * Math.cos(b[0] * rad);
  const x =
    Math.cos(a[0] * rad) * Math.sin(b[0] * rad) -
    Math.sin(a[0] * rad) * Math.cos(b[0] * rad) * Math.cos((b[1] - a[1]) * rad);
  return Math.round(((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

/**
 * A car driving `path` from `start`, one point every `intervalS` seconds: speed follows a slow wave up to the
 * path's limit; at each end it parks `parkS` seconds (ACC off) and turns back. `seed` varies the phase.
 */
export class Driver {
  private leg = 0;
  private along = 0;
  private forward = true;
  private parkedFor = 0;
  private t: number;
  odometer: number;
  private readonly legs: { a: [number, number]; b: [number, number]; len: number }[];

  constructor(
    private readonly path: (typeof PATHS)[number],
    start: Date,
    private readonly options: { intervalS: number; seed: number; parkS?: number; alarms?: boolean },
  ) {
    this.t = start.getTime();
    this.odometer = 10_000_000 + options.seed * 1_234_567;
    this.legs = path.points.slice(1).map((b, i) => {
      const a = path.points[i]!;
      return { a, b, len: distance({ lat: a[0], lon: a[1] }, { lat: b[0], lon: b[1] }) };
    });
    // Start somewhere along the path.
    this.leg = options.seed % this.legs.length;
    this.along = (options.seed * 137) % Math.max(1, Math.floor(this.legs[this.leg]!.len));
  }

  next(): SimPoint {
    const dt = this.options.intervalS;
    this.t += dt * 1000;
    const leg = this.legs[this.leg]!;
    let speed = 0;
    if (this.parkedFor > 0) this.parkedFor -= dt;
    else {
      const wave = 0.55 + 0.45 * Math.sin(this.t / 90_000 + this.options.seed);
      speed = Math.max(8, this.path.maxKmh * wave);
      let move = (speed / 3.6) * dt;
      this.odometer += move;
      while (move > 0) {
        const l = this.legs[this.leg]!;
        const left = this.forward ? l.len - this.along : this.along;
        if (move < left) {
          this.along += this.forward ? move : -move;
          move = 0;
        } else {
          move -= left;
          const last = this.forward ? this.leg === this.legs.length - 1 : this.leg === 0;
          if (last) {
            this.along = this.forward ? l.len : 0;
            this.forward = !this.forward;
            this.parkedFor = this.options.parkS ?? 300;
            move = 0;
          } else {
            this.leg += this.forward ? 1 : -1;
            this.along = this.forward ? 0 : this.legs[this.leg]!.len;
          }
        }
      }
    }
    const l = this.legs[this.leg] ?? leg;
    const f = l.len ? this.along / l.len : 0;
    const lat = l.a[0] + (l.b[0] - l.a[0]) * f;
    const lon = l.a[1] + (l.b[1] - l.a[1]) * f;
    const direction = this.forward ? bearing(l.a, l.b) : bearing(l.b, l.a);
    let alarm = 0;
    if (this.options.alarms && speed > this.path.maxKmh * 0.95) alarm |= 1 << ALARM_BITS.overspeed;
    return {
      time: new Date(this.t),
      lat: Math.round(lat * 1e6) / 1e6,
      lon: Math.round(lon * 1e6) / 1e6,
      speed: Math.round(speed * 10) / 10,
      direction,
      odometer: Math.round(this.odometer),
      alarm,
      acc: this.parkedFor <= 0,
    };
  }
}
