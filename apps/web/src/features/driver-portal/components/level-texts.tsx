import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import Progress from 'antd/es/progress';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LevelPerks, PortalLevel, PortalMembership } from '@fleetdesk/contracts/driver-portal';
import { missingForNext, onTimeProgress, type Missing } from '../model/membership';

/** A level's perks in words (none: said so). */
export function perksText(perks: LevelPerks, t: TFunction): string[] {
  const out: string[] = [];
  if (perks.rentDiscountPercent > 0)
    out.push(t('driverPortal:membership.discount', { percent: perks.rentDiscountPercent }));
  if (perks.freeDaysPerYear > 0) out.push(t('driverPortal:membership.freeDays', { count: perks.freeDaysPerYear }));
  if (perks.newCarPriority) out.push(t('driverPortal:membership.priority'));
  return out.length ? out : [t('driverPortal:membership.noPerks')];
}

/** One thing that still stands between the driver and the next level, in words. */
export function missingText(m: Missing, t: TFunction): string {
  switch (m.kind) {
    case 'overdue':
      return t('driverPortal:membership.missing.overdue');
    case 'onTime':
      return t('driverPortal:membership.missing.onTime', { count: m.count });
    case 'violations':
      return t('driverPortal:membership.missing.violations', { max: m.max, now: m.now });
    case 'accidents':
      return t('driverPortal:membership.missing.accidents', { max: m.max, now: m.now });
  }
}

/** A level's requirements in words. */
export function requirementText(l: PortalLevel, t: TFunction): string {
  return t('driverPortal:membership.requirement', {
    months: l.minOnTimeMonths,
    violations: l.maxViolations,
    accidents: l.maxAccidents,
  });
}

/** The way to the next level: what is still missing, or that the driver is at the top. */
export function NextLevel({ m }: { m: PortalMembership }) {
  const { t } = useTranslation('driverPortal');
  if (!m.next) {
    return (
      <p className="fd-dp-top" data-testid="dp-next">
        <CheckCircleOutlined aria-hidden /> {t('membership.top')}
      </p>
    );
  }
  const missing = missingForNext(m);
  return (
    <div data-testid="dp-next">
      <div className="fd-dp-card-title">{t('membership.next', { name: m.next.name })}</div>
      <Progress
        percent={onTimeProgress(m)}
        format={() => `${m.facts.onTimeMonths}/${m.next!.minOnTimeMonths}`}
        aria-label={t('membership.onTime')}
      />
      {missing.length ? (
        <ul className="fd-dp-missing">
          {missing.map((x) => (
            <li key={x.kind}>{missingText(x, t)}</li>
          ))}
        </ul>
      ) : (
        <p>{t('membership.ready')}</p>
      )}
    </div>
  );
}
