import { describe, expect, it } from 'vitest';
import { defineMessages, defineTitles, renderStored, renderText, storedText } from '../i18n.js';

// Keys and titles of this file only (the catalogue outlives a file under `isolate: false`: names are unique).
defineMessages({
  'test.storedTexts.amount': {
    'zh-CN': '欠款 {amount}，押金 {depositAmount}',
    'en-US': '{amount} owed, {depositAmount} held',
  },
  'test.storedTexts.plate': { 'zh-CN': '车辆 {plate} 与 {carPlate}', 'en-US': 'Cars {plate} and {carPlate}' },
  'test.storedTexts.due': {
    'zh-CN': '{kind}将于 {date} 到期（{count} 项）',
    'en-US': '{kind} due on {date} ({count})',
  },
});
defineTitles('test.storedTexts.kind', { inspection: { 'zh-CN': '年检', 'en-US': 'Inspection' } });

const due = {
  key: 'test.storedTexts.due',
  params: { kind: { title: 'test.storedTexts.kind', value: 'inspection' }, date: '2028-02-29', count: 2 },
};

describe('texts stored as keys', () => {
  it('renders a key and its parameters in each language, an enum value through its titles', () => {
    expect(renderText('zh-CN', due)).toBe('年检将于 2028-02-29 到期（2 项）');
    expect(renderText('en-US', due)).toBe('Inspection due on 2028-02-29 (2)');
  });

  it('shows an enum value without titles as it is', () => {
    const unknown = { ...due, params: { ...due.params, kind: { title: 'test.storedTexts.kind', value: 'tyres' } } };
    expect(renderText('en-US', unknown)).toBe('tyres due on 2028-02-29 (2)');
  });

  it('stores the key, the parameters and the Chinese text; a plain string stays a text without key', () => {
    expect(storedText(due)).toEqual({ text: '年检将于 2028-02-29 到期（2 项）', key: due.key, params: due.params });
    expect(storedText('旧的提醒')).toEqual({ text: '旧的提醒', key: null, params: null });
  });

  it('reads a stored row in the reader language, and an old row (no key, or a key gone) as it stored it', () => {
    expect(renderStored('en-US', due.key, due.params, '年检将于 2028-02-29 到期（2 项）')).toBe(
      'Inspection due on 2028-02-29 (2)',
    );
    expect(renderStored('en-US', null, null, '车辆 浙A12345 的年检将于下月到期。')).toBe(
      '车辆 浙A12345 的年检将于下月到期。',
    );
    expect(renderStored('en-US', 'test.storedTexts.gone', { a: 1 }, '旧文本')).toBe('旧文本');
    expect(renderStored('zh-CN', null, null, null)).toBeNull();
    // Parameters that are not an object (a damaged row) leave the placeholders.
    expect(renderStored('en-US', due.key, 'x', '')).toBe('{kind} due on {date} ({count})');
  });

  it('refuses titles defined twice', () => {
    expect(() => defineTitles('test.storedTexts.kind', {})).toThrow(/twice/);
  });

  it('shows a plate parameter in the one plate format, as the screens do', () => {
    expect(
      renderText('zh-CN', { key: 'test.storedTexts.plate', params: { plate: '浙AD12345', carPlate: '沪B12345' } }),
    ).toBe('车辆 浙A·D12345 与 沪B·12345');
    // What is not a plate is left as it is.
    expect(renderText('en-US', { key: 'test.storedTexts.plate', params: { plate: '—', carPlate: 'X1' } })).toBe(
      'Cars — and X1',
    );
  });

  it('shows an amount parameter as money, in the one money format', () => {
    expect(
      renderText('zh-CN', { key: 'test.storedTexts.amount', params: { amount: 47200, depositAmount: '9787.5' } }),
    ).toBe('欠款 ¥47,200.00，押金 ¥9,787.50');
    expect(
      renderText('en-US', { key: 'test.storedTexts.amount', params: { amount: -12.3, depositAmount: 'n/a' } }),
    ).toBe('-¥12.30 owed, n/a held');
  });
});
