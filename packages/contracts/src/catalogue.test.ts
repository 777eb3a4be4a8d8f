import { describe, expect, it } from 'vitest';
import { PLANS } from './membership.js';
import { ELEMENT_CODES, MENUS, MENU_CODES, menuOfElement } from './permissions.js';
import { VALIDATION_MESSAGES } from './validation.js';

describe('permission catalogue', () => {
  it('has unique menu and element codes, each element under its own menu', () => {
    expect(new Set(MENU_CODES).size).toBe(MENU_CODES.length);
    expect(new Set(ELEMENT_CODES).size).toBe(ELEMENT_CODES.length);
    for (const m of MENUS) for (const e of m.elements) expect(menuOfElement(e.code)).toBe(m.code);
  });

  it('names the permissions of spec section 6 and gives every menu both titles, an icon and a path', () => {
    for (const code of [
      'finance',
      'notarization',
      'rentCar',
      'sevenGo',
      'rentDriver',
      'crm',
      'rentContract',
      'maintenance',
      'riskGpsMap',
      'oaLog',
      'oaSetting',
    ]) {
      expect(MENU_CODES).toContain(code);
    }
    for (const m of MENUS) {
      expect(m.title['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
      expect(m.title['en-US']).toMatch(/^[A-Z]/);
      expect(m.icon).toMatch(/Outlined$/);
      expect(m.path).toMatch(/^\//);
      if (m.parent) expect(MENU_CODES).toContain(m.parent);
    }
  });

  it('gives every menu a view element', () => {
    for (const m of MENUS) expect(m.elements.map((e) => e.code)).toContain(`${m.code}:view`);
  });
});

describe('plans', () => {
  it('allow only catalogue menus, and a child menu only with its parent', () => {
    for (const p of PLANS) {
      if (p.menus === '*') continue;
      for (const code of p.menus) {
        expect(MENU_CODES).toContain(code);
        const parent = MENUS.find((m) => m.code === code)!.parent;
        if (parent) expect(p.menus).toContain(parent);
      }
    }
  });
});

describe('validation messages', () => {
  it('exist in both languages', () => {
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES)) {
      expect(key).toMatch(/^v\./);
      expect(text['zh-CN']).toBeTruthy();
      expect(text['en-US']).toBeTruthy();
    }
  });
});
