import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../../lib/i18n';
import { ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { missingText } from '../components/level-texts';
import { missingForNext, onTimeProgress } from '../model/membership';
import '../i18n';
import { driverSignedIn, FIRST, MEMBERSHIP, portalServer } from './fixtures';

beforeEach(async () => {
  await setLanguage('en-US');
});

describe('the way to the next level', () => {
  it('names what is still missing: the overdue bill, the months on time, the violations and accidents over', () => {
    const facts = { onTimeMonths: 4, violations: 2, accidents: 1, overdueNow: true };
    const missing = missingForNext({ next: MEMBERSHIP.next, facts });
    expect(missing).toEqual([
      { kind: 'overdue' },
      { kind: 'onTime', count: 2 },
      { kind: 'violations', max: 1, now: 2 },
      { kind: 'accidents', max: 0, now: 1 },
    ]);
    const t = i18n.getFixedT('en-US');
    expect(missing.map((m) => missingText(m, t))).toEqual([
      'Pay the overdue bills first',
      'Pay on time for 2 more months',
      'At most 1 violations (now 2)',
      'At most 0 accidents (now 1)',
    ]);
    const zh = i18n.getFixedT('zh-CN');
    expect(missingText({ kind: 'onTime', count: 2 }, zh)).toBe('再按时缴纳 2 个月');
    expect(missingText({ kind: 'onTime', count: 1 }, t)).toBe('Pay on time for 1 more month');
  });

  it('is nothing at the top, and full when met', () => {
    expect(missingForNext({ next: null, facts: MEMBERSHIP.facts })).toEqual([]);
    expect(onTimeProgress({ next: null, facts: MEMBERSHIP.facts })).toBe(100);
    expect(onTimeProgress(MEMBERSHIP)).toBe(67);
    const met = { onTimeMonths: 7, violations: 0, accidents: 0, overdueNow: false };
    expect(missingForNext({ next: MEMBERSHIP.next, facts: met })).toEqual([]);
  });
});

describe('the membership page', () => {
  it('shows the level, its perks, the facts, what is missing and every level', async () => {
    driverSignedIn();
    portalServer({ 'GET /api/driver/membership': () => ok(MEMBERSHIP) });
    renderApp('/driver/membership');
    const card = await screen.findByTestId('dp-level-card', {}, FIRST);
    expect(within(card).getByText('Silver')).toBeInTheDocument();
    expect(within(card).getByText('2% off the rent')).toBeInTheDocument();
    expect(within(card).getByText('2 free days a year')).toBeInTheDocument();
    expect(within(screen.getByTestId('dp-facts')).getByText('4 months')).toBeInTheDocument();
    const next = screen.getByTestId('dp-next');
    expect(within(next).getByText('On the way to Gold')).toBeInTheDocument();
    expect(within(next).getByText('Pay on time for 2 more months')).toBeInTheDocument();
    expect(within(next).getByText('At most 1 violations (now 2)')).toBeInTheDocument();
    const levels = screen.getByTestId('dp-levels');
    expect(within(levels).getByText('on time ≥6 months, violations ≤1, accidents ≤0')).toBeInTheDocument();
    expect(
      within(levels).getByText('5% off the rent, 5 free days a year, First choice of new cars'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the Super Driver Membership Agreement' })).toHaveAttribute(
      'href',
      '/superDriverMembers',
    );
  });
});
