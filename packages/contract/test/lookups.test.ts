import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  countryByName,
  DEFAULT_COUNTRY,
  DEFAULT_PREFIX,
  DEFAULT_REFERRAL_SOURCE,
  DEFAULT_SPONSORING_ASSEMBLY,
  dialCodeOf,
  PREFIXES,
  REFERRAL_SOURCES,
  SPONSORING_ASSEMBLIES,
} from '../src/lookups.ts';

describe('lookup lists (spec 1 §3)', () => {
  it('has the spec prefixes in order', () => {
    expect(PREFIXES).toHaveLength(10);
    expect(PREFIXES).toEqual(['Mr', 'Ms', 'Dr', 'Mrs', 'Prof', 'Rev', 'Bishop', 'Pastor', 'Esq', 'Other']);
  });

  it('has the spec referral sources in order', () => {
    expect(REFERRAL_SOURCES).toHaveLength(10);
    expect(REFERRAL_SOURCES[0]).toBe('Ambassador');
    expect(REFERRAL_SOURCES.at(-1)).toBe('Other Social Media');
  });

  it('has sponsoring assemblies SA-01 to SA-50', () => {
    expect(SPONSORING_ASSEMBLIES).toHaveLength(50);
    expect(SPONSORING_ASSEMBLIES[0]).toEqual({ code: 'SA-01', label: "SA-01 (I Don't Know)" });
    SPONSORING_ASSEMBLIES.forEach((assembly, i) => {
      const code = `SA-${String(i + 1).padStart(2, '0')}`;
      expect(assembly.code).toBe(code);
      if (i > 0) expect(assembly.label).toBe(code);
    });
  });
});

describe('countries (spec 1 §3)', () => {
  it('has roughly 240-250 entries', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(COUNTRIES.length).toBeLessThanOrEqual(250);
  });

  it('puts the United States first', () => {
    expect(COUNTRIES[0]).toEqual({ name: 'United States', code: 'US', dialCode: '+1' });
  });

  it('sorts the rest by name', () => {
    const rest = COUNTRIES.slice(1).map((country) => country.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has unique names and codes', () => {
    expect(new Set(COUNTRIES.map((country) => country.name)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
  });

  it('has well-formed codes and dial codes', () => {
    for (const country of COUNTRIES) {
      expect(country.code, country.name).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode, country.name).toMatch(/^\+\d{1,4}(-\d{1,4})?$/);
    }
  });

  it('looks countries up by exact name', () => {
    expect(countryByName('United Kingdom')).toEqual({ name: 'United Kingdom', code: 'GB', dialCode: '+44' });
    expect(dialCodeOf('Germany')).toBe('+49');
    expect(dialCodeOf('United States')).toBe('+1');
    expect(countryByName('Atlantis')).toBeUndefined();
    expect(dialCodeOf('')).toBeUndefined();
  });
});

describe('defaults (spec 1 §5)', () => {
  it('are members of their lists', () => {
    expect(DEFAULT_COUNTRY).toBe('United States');
    expect(countryByName(DEFAULT_COUNTRY)).toBeDefined();
    expect(DEFAULT_PREFIX).toBe('Mr');
    expect(PREFIXES).toContain(DEFAULT_PREFIX);
    expect(DEFAULT_SPONSORING_ASSEMBLY).toBe('SA-02');
    expect(SPONSORING_ASSEMBLIES.map((assembly) => assembly.code)).toContain(DEFAULT_SPONSORING_ASSEMBLY);
    expect(DEFAULT_REFERRAL_SOURCE).toBe('Ambassador');
    expect(REFERRAL_SOURCES).toContain(DEFAULT_REFERRAL_SOURCE);
  });
});
