import { DAMAGE_POSITION_TITLES, DAMAGE_POSITIONS, type DamagePosition } from '@fleetdesk/contracts/handover';
import { useTitle } from '../../lib/use-title';

/** Where each part of the car is on the outline (a car seen from above, front at the top). */
const ZONES: Record<DamagePosition, { x: number; y: number; w: number; h: number; rx: number }> = {
  front: { x: 40, y: 6, w: 80, h: 46, rx: 22 },
  rear: { x: 40, y: 228, w: 80, h: 46, rx: 18 },
  left: { x: 8, y: 56, w: 28, h: 168, rx: 10 },
  right: { x: 124, y: 56, w: 28, h: 168, rx: 10 },
  roof: { x: 40, y: 82, w: 80, h: 116, rx: 10 },
};

/**
 * A simple car outline whose five parts (front, rear, left, right, roof) can be clicked to add a damage mark; a part
 * with marks shows their count. Each part is a button for the keyboard and screen readers too.
 */
export function CarOutline({
  counts,
  onPick,
  disabled,
}: {
  counts: Partial<Record<DamagePosition, number>>;
  onPick: (position: DamagePosition) => void;
  disabled?: boolean;
}) {
  const title = useTitle();
  return (
    <svg viewBox="0 0 160 280" width={160} height={280} className="fd-car-outline" role="group">
      <rect x={36} y={4} width={88} height={272} rx={34} fill="#fafafa" stroke="#8c8c8c" strokeWidth={2} />
      {DAMAGE_POSITIONS.map((p) => {
        const z = ZONES[p];
        const n = counts[p] ?? 0;
        const label = title(DAMAGE_POSITION_TITLES[p]);
        return (
          <g
            key={p}
            role="button"
            tabIndex={disabled ? -1 : 0}
            aria-label={label}
            aria-disabled={disabled}
            style={{ cursor: disabled ? 'default' : 'pointer' }}
            onClick={() => !disabled && onPick(p)}
            onKeyDown={(e) => {
              if (!disabled && (e.key === 'Enter' || e.key === ' ')) {
                e.preventDefault();
                onPick(p);
              }
            }}
          >
            <rect
              x={z.x}
              y={z.y}
              width={z.w}
              height={z.h}
              rx={z.rx}
              fill={n ? '#fff1f0' : '#e6f4ff'}
              stroke={n ? '#ff4d4f' : '#69b1ff'}
              strokeWidth={1.5}
            />
            <text x={z.x + z.w / 2} y={z.y + z.h / 2 + 4} textAnchor="middle" fontSize={11} fill="#262626">
              {n ? `${label} ${n}` : label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
