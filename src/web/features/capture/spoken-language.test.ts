// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readSpokenLanguage,
  serverLanguage,
  speechLang,
  updateSpokenLanguage,
} from './spoken-language';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the language spoken', () => {
  it('is the browser default until the person picks one, and an unknown stored value is too', () => {
    expect(readSpokenLanguage()).toBe('browser');
    updateSpokenLanguage('fr');
    expect(readSpokenLanguage()).toBe('fr');
    localStorage.setItem('spokenLanguage', 'klingon');
    expect(readSpokenLanguage()).toBe('browser');
  });

  it("listens in the browser's own language by default, no longer forcing English", () => {
    expect(speechLang('browser', 'fr-FR')).toBe('fr-FR');
    expect(speechLang('browser', 'en-GB')).toBe('en-GB');
    expect(speechLang('browser', undefined)).toBe('en-US');
    expect(speechLang('browser', '')).toBe('en-US');
  });

  it("listens in the language picked, in the browser's variant of it when it has one", () => {
    expect(speechLang('fr', 'en-US')).toBe('fr-FR');
    expect(speechLang('fr', 'fr-CA')).toBe('fr-CA');
    expect(speechLang('pt', 'pt-PT')).toBe('pt-PT');
    expect(speechLang('en', 'de-DE')).toBe('en-US');
  });

  it('tells the server the ISO 639-1 code, or nothing when the browser names no language', () => {
    expect(serverLanguage('browser', 'fr-CA')).toBe('fr');
    expect(serverLanguage('browser', 'EN-us')).toBe('en');
    expect(serverLanguage('browser', undefined)).toBeUndefined();
    expect(serverLanguage('browser', 'x-klingon-long')).toBeUndefined();
    expect(serverLanguage('de', 'en-US')).toBe('de');
  });
});
