import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { quoteOf, type Voucher } from '@fleetdesk/contracts/financing';
import { setLanguage } from '../../../lib/i18n';
import { QuoteView } from '../components/quote-view';
import { EndorsementSummary } from '../components/vouchers-tab';
import '../i18n';

const product = {
  method: 'flat' as const,
  dueMode: 'arrears' as const,
  repayDay: 15,
  annualRate: 0.05,
  terms: [12, 24, 36],
  minDownRatio: 0.2,
  maxDownRatio: 0.5,
  maxBalloonRatio: 0,
  lateFeeDailyRate: 0.0005,
  gpsFee: 1200,
  mortgageFee: 500,
  serviceFeeRate: 0.01,
  depositRatio: 0.05,
  breakRateEarly: 0.03,
  breakRateLate: 0.01,
  breakFloor: 1000,
};
const form = { totalAmount: 100_000, payProportion: 0.3, stagingNumber: 12, loanDate: '2026-01-10' };

beforeEach(() => setLanguage('zh-CN'));

describe('the quote before submitting', () => {
  it('shows down payment, amount financed, monthly payment, interest, fees and the whole schedule', async () => {
    const q = quoteOf(product, form);
    render(<QuoteView quote={q} />);
    const view = screen.getByTestId('fin-quote');
    expect(within(view).getByText('¥30,000.00 (30%)')).toBeInTheDocument();
    const valueOf = (label: string) => within(view).getByText(label).closest('th')!.nextElementSibling!.textContent;
    expect(valueOf('融资金额')).toBe('¥70,000.00');
    expect(valueOf('保证金')).toBe('¥3,500.00');
    // Flat: 70,000 / 12 principal (rounded up) + 70,000 x 5 % / 12 interest.
    expect(screen.getByTestId('fin-quote-monthly').textContent).toBe(
      `¥${(5833.34 + 291.67).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(valueOf('费用')).toBe('¥2,400.00（GPS ¥1,200.00，抵押登记 ¥500.00，服务费 ¥700.00）');
    // Every instalment is a row (plus the header and the total).
    const rows = view.querySelectorAll('.fd-fin-schedule tbody tr.ant-table-row');
    expect(rows).toHaveLength(12);
    expect(within(view).getByText('2026-02-15')).toBeInTheDocument();
    // The principal sums to the amount financed.
    expect(
      within(view.querySelector('.ant-table-summary')! as HTMLElement).getByText('¥70,000.00'),
    ).toBeInTheDocument();
  });

  it('puts the effective annual rate beside the nominal one for a flat product only', async () => {
    const flat = quoteOf(product, form);
    const { unmount } = render(<QuoteView quote={flat} />);
    const rate = screen.getByTestId('fin-quote-rate').textContent!;
    expect(rate).toContain('名义年利率 5.00%');
    expect(rate).toMatch(/实际年化利率 9\.\d\d%/);
    expect(flat.effectiveAnnualRate).toBeGreaterThan(0.09);
    unmount();

    const annuity = quoteOf({ ...product, method: 'annuity' }, form);
    render(<QuoteView quote={annuity} />);
    expect(screen.getByTestId('fin-quote-rate').textContent).toBe('5.00%');
  });

  it('says it in English too', async () => {
    await setLanguage('en-US');
    render(<QuoteView quote={quoteOf(product, form)} schedule={false} />);
    expect(screen.getByTestId('fin-quote-rate').textContent).toMatch(
      /^Nominal 5\.00%, effective annual rate 9\.\d\d%$/,
    );
    expect(screen.getByText('Monthly payment (first)')).toBeInTheDocument();
    expect(document.querySelector('.fd-fin-schedule')).toBeNull();
  });
});

describe('the endorsement slots of the vouchers', () => {
  it('shows each slot present (with its image) or missing: commercial 1-3, compulsory 1', () => {
    const voucher = {
      imgCommercialEndorsementA: '/api/tool/oss/file/a.png',
      imgCommercialEndorsementB: null,
      imgCommercialEndorsementC: '/api/tool/oss/file/c.png',
      imgCompulsoryEndorsementA: null,
    } as Voucher;
    render(<EndorsementSummary voucher={voucher} />);
    expect(screen.getByText('商业险批单（已传 2，缺 1）')).toBeInTheDocument();
    expect(screen.getByText('交强险批单（已传 0，缺 1）')).toBeInTheDocument();
    expect(screen.getByTestId('slot-imgCommercialEndorsementA').textContent).toContain('第 1 张');
    expect(within(screen.getByTestId('slot-imgCommercialEndorsementA')).getByRole('link')).toHaveAttribute(
      'href',
      '/api/tool/oss/file/a.png',
    );
    expect(screen.getByTestId('slot-imgCommercialEndorsementB').textContent).toBe('第 2 张 缺');
    expect(screen.getByTestId('slot-imgCompulsoryEndorsementA').textContent).toBe('第 1 张 缺');
  });
});
