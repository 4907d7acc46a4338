import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { SHARED_READS, TABLE_OWNERS, type TableName } from '../../src/db/owners.ts';
import * as schema from '../../src/db/schema.ts';

/**
 * Each table has one owning module (DESIGN.md "Boundaries"; the map is src/db/owners.ts): only code under
 * the owner's folder imports the table from db/schema.ts or names it in raw SQL; other modules call the
 * owner's functions. Every file of apps/server/src outside db/ is read (modules, ledger, providers, http,
 * realtime, jobs, events, cli, ...).
 */
const src = path.join(import.meta.dirname, '../../src');
const schemaFile = path.join(src, 'db/schema.ts');

const tables = Object.entries(schema).flatMap(([name, value]) =>
  is(value, PgTable) ? [{ name: name as TableName, sql: getTableName(value) }] : [],
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return full === path.join(src, 'db') ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry) ? [full] : [];
  });
}
const files = sourceFiles(src).map((file) => ({
  file: path.relative(src, file).split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));

/** What a file imports (or re-exports) from db/schema.ts: named tables, or '*' for the whole module. */
function schemaImports(file: string, text: string): string[] {
  const names: string[] = [];
  const statements = /(?:import|export)\s+(?:type\s+)?([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/g;
  for (const [, what, spec] of text.matchAll(statements)) {
    if (!spec!.startsWith('.')) continue;
    const target = path.resolve(path.dirname(path.join(src, file)), spec!);
    if (target !== schemaFile && `${target}.ts` !== schemaFile) continue;
    const braces = /\{([\s\S]*)\}/.exec(what!);
    if (!braces) {
      names.push('*');
      continue;
    }
    for (const part of braces[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/** Tables a file names in raw SQL (`from users`, `join holds`, `update ledger_accounts`, ...), comments aside. */
function rawSqlTables(text: string): TableName[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return tables
    .filter((t) => new RegExp(`\\b(from|join|into|update|table)\\s+"?${t.sql}"?(\\s|$|\\)|,|;)`, 'i').test(code))
    .map((t) => t.name);
}

const ownerOf = (table: TableName): string => TABLE_OWNERS[table];
const owns = (file: string, table: TableName) => file.startsWith(`${ownerOf(table)}/`);
const excepted = (file: string, table: TableName) => SHARED_READS.some((e) => e.file === file && e.table === table);

describe('table owners', () => {
  it('names an owner, an existing folder, for every table of the schema', () => {
    expect(tables.length).toBeGreaterThan(20);
    for (const { name } of tables) {
      expect(TABLE_OWNERS[name], name).toBeTypeOf('string');
      expect(existsSync(path.join(src, TABLE_OWNERS[name])), `${name}: ${TABLE_OWNERS[name]}`).toBe(true);
    }
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables.map((t) => t.name).sort());
  });

  it('finds imports of tables and raw SQL naming them (the checks below rely on it)', () => {
    const text = `import { eq } from 'drizzle-orm';\nimport {\n  holds,\n  type users as u,\n} from '../../db/schema.ts';\nconst q = sql\`select 1 from ledger_accounts a\`;\n// read from uploads\n`;
    expect(schemaImports('modules/x/service.ts', text)).toEqual(['holds', 'users']);
    expect(schemaImports('modules/x/service.ts', `import * as s from '../../db/schema';`)).toEqual(['*']);
    expect(rawSqlTables(text)).toEqual(['ledgerAccounts']);
  });

  it('lets only the owner import a table from db/schema.ts', () => {
    const crossings: string[] = [];
    for (const { file, text } of files) {
      for (const name of schemaImports(file, text)) {
        if (name === '*') {
          crossings.push(`${file} imports the whole schema: import the tables it owns by name`);
          continue;
        }
        if (!(name in TABLE_OWNERS)) continue; // a column helper or type, not a table
        const table = name as TableName;
        if (owns(file, table) || excepted(file, table)) continue;
        crossings.push(`${file} imports table ${table}, owned by ${ownerOf(table)}: call that module's functions`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('lets only the owner name a table in raw SQL', () => {
    const crossings: string[] = [];
    for (const { file, text } of files) {
      for (const table of rawSqlTables(text)) {
        if (owns(file, table) || excepted(file, table)) continue;
        crossings.push(`${file} names table ${table} in SQL, owned by ${ownerOf(table)}: call that module's functions`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('keeps no exception nobody needs', () => {
    for (const { file, table, why } of SHARED_READS) {
      const found = files.find((f) => f.file === file);
      expect(found, file).toBeDefined();
      const uses = schemaImports(file, found!.text).includes(table) || rawSqlTables(found!.text).includes(table);
      expect(uses, `${file} no longer reads ${table}: remove the exception`).toBe(true);
      expect(why.length).toBeGreaterThan(20);
    }
  });

  it('is what ARCHITECTURE.md says ("Table owners")', () => {
    const doc = readFileSync(path.join(src, '../../../ARCHITECTURE.md'), 'utf8');
    const section = /## Table owners\n([\s\S]*?)(?:\n## |$)/.exec(doc)?.[1] ?? '';
    const rows = new Map(
      [...section.matchAll(/^\| `([a-z_]+)` \| `([a-z/-]+)` \|/gm)].map((m) => [m[1]!, m[2]!] as const),
    );
    const expected = new Map(tables.map((t) => [t.sql, ownerOf(t.name)] as const));
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(expected));
  });
});
