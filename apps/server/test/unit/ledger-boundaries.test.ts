import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The ledger imports no module and no HTTP code (DESIGN.md "Boundaries"): it has its own errors, and
 * what it needs from the catalogue (which assets have lots) is passed in or registered. Until a lint
 * rule says so, this test does.
 */
const ledgerDir = path.join(import.meta.dirname, '../../src/ledger');

describe('ledger boundaries', () => {
  it('no file of src/ledger imports from src/modules or src/http', () => {
    const files = readdirSync(ledgerDir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const imports = [...readFileSync(path.join(ledgerDir, file), 'utf8').matchAll(/from '([^']+)'/g)].map(
        (m) => m[1]!,
      );
      const outside = imports.filter((spec) => /^\.\.\/(modules|http)\//.test(spec));
      expect(outside, file).toEqual([]);
    }
  });

  it('keeps each of its files short (split by concern)', () => {
    for (const file of readdirSync(ledgerDir)) {
      const lines = readFileSync(path.join(ledgerDir, file), 'utf8').split('\n').length;
      expect(lines, file).toBeLessThanOrEqual(300);
    }
  });
});
