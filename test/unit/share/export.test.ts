import { describe, expect, it } from 'vitest';
import { PLAIN_NUMBERS } from '../../../src/core/numbers';
import type { ResultsDocument } from '../../../src/core/results';
import { csvField } from '../../../src/share/csv';
import { exportFileName, slugify, toCsv, toJson, toMarkdown } from '../../../src/share/export';
import { parseResultsFile } from '../../../src/share/import/import';
import { escapeMarkdown } from '../../../src/share/markdown';
import { sampleDecodeRun, sampleDocument } from '../../fixtures/results';

/** A small RFC 4180 reader, to check what toCsv writes. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text.charAt(i + 1) === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text.charAt(i + 1) === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field).toBe('');
  expect(row).toEqual([]);
  return rows;
}

function hostileDocument(): ResultsDocument {
  const doc = sampleDocument();
  doc.adapter.description = 'Acme, "Turbo"\nGPU | <script>alert(1)</script>';
  doc.runtime.description = '=HYPERLINK("http://x")';
  const failed = doc.results[4];
  if (failed) failed.error = 'mismatch at [3]: got 1, want 2 | *bold* <b>x</b>\r\nline 2';
  return doc;
}

describe('toJson', () => {
  it('is pretty JSON that parses back to the document, and imports back unchanged', () => {
    const doc = sampleDocument();
    const json = toJson(doc);
    expect(json.endsWith('}\n')).toBe(true);
    expect(json.split('\n')[1]).toBe('  "schemaVersion": 1,');
    expect(JSON.parse(json)).toEqual(doc);
    expect(parseResultsFile(json)).toEqual(doc);
    expect(parseResultsFile(toJson(hostileDocument()))).toEqual(hostileDocument());
  });

  it('is stable: schema key order whatever order the keys came in; shape order kept', () => {
    const doc = sampleDocument();
    const shuffled = JSON.parse(
      JSON.stringify(doc, (_, v) =>
        v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).reverse())
          : v,
      ),
    ) as ResultsDocument;
    expect(Object.keys(shuffled)[0]).toBe('results');
    // reversed everywhere, including shape: shape keeps the order it has
    const fixedShape = {
      ...shuffled,
      results: shuffled.results.map((r, i) => ({ ...r, shape: doc.results[i]?.shape ?? {} })),
    };
    expect(toJson(fixedShape)).toBe(toJson(doc));
    expect(Object.keys(JSON.parse(toJson(shuffled)).results[0].shape)).toEqual([
      'passes',
      'workingSetBytes',
    ]);
  });

  it('keeps keys the schema does not know, after the known ones', () => {
    const doc = { extra: { b: 1, a: 2 }, ...sampleDocument() } as ResultsDocument;
    const keys = Object.keys(JSON.parse(toJson(doc)));
    expect(keys[0]).toBe('schemaVersion');
    expect(keys.at(-1)).toBe('extra');
  });
});

describe('toCsv', () => {
  it('writes a header and one CRLF row per result, numbers unformatted', () => {
    const doc = sampleDocument();
    const csv = toCsv(doc);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = readCsv(csv);
    expect(rows).toHaveLength(doc.results.length);
    expect(header?.slice(0, 4)).toEqual(['createdAt', 'toolVersion', 'plan', 'timing']);
    for (const column of [
      'adapterVendor',
      'adapterArchitecture',
      'isSoftware',
      'shape.workingSetBytes',
      'shape.iters',
      'noisy',
      'verified',
      'error',
      'gbps',
    ]) {
      expect(header).toContain(column);
    }
    const cell = (r: number, name: string) => rows[r]?.[header?.indexOf(name) ?? -1];
    expect(cell(0, 'gbps')).toBe('1.048576');
    expect(cell(0, 'bytes')).toBe('1048576');
    expect(cell(0, 'shape.workingSetBytes')).toBe('1048576');
    expect(cell(0, 'shape.iters')).toBe('');
    expect(cell(2, 'shape.iters')).toBe('1');
    expect(cell(0, 'noisy')).toBe('true');
    expect(cell(4, 'verified')).toBe('false');
    expect(cell(4, 'error')).toBe('mismatch');
    expect(cell(0, 'error')).toBe('');
    expect(cell(3, 'adapterVendor')).toBe('google');
    expect(cell(3, 'timing')).toBe('timestamp-query');
    expect(new Set(rows.map((r) => r.length))).toEqual(new Set([header?.length]));
  });

  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    const doc = hostileDocument();
    const [header, ...rows] = readCsv(toCsv(doc));
    const cell = (r: number, name: string) => rows[r]?.[header?.indexOf(name) ?? -1];
    expect(cell(0, 'adapterDescription')).toBe(doc.adapter.description);
    expect(cell(4, 'error')).toBe(doc.results[4]?.error);
    expect(cell(0, 'runtimeDescription')).toBe(`'${doc.runtime.description}`);
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('plain')).toBe('plain');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(1e-7)).toBe('1e-7');
    expect(csvField(undefined)).toBe('');
  });

  it('is a header alone for a run with no results', () => {
    expect(toCsv({ ...sampleDocument(), results: [] }).split('\r\n')).toHaveLength(2);
  });
});

describe('toMarkdown', () => {
  it('is a table with one row per result, failed and noisy rows in words', () => {
    const doc = sampleDocument();
    const md = toMarkdown(doc);
    const table = md.split('\n').filter((l) => l.startsWith('|'));
    expect(table).toHaveLength(2 + doc.results.length);
    expect(table[1]).toBe('| --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- |');
    expect(table[2]).toContain('verified, noisy (spread 20 %)');
    expect(table[2]).toContain('| 1.0 |'); // noisy: two significant digits
    expect(table[6]).toContain('FAILED: mismatch');
    expect(table[6]).not.toContain('99'); // a failed row shows no numbers
    expect(md).toContain('google swiftshader — SwiftShader');
    expect(md).toContain('software adapter');
  });

  it('escapes | and markup, and keeps every row on one line', () => {
    const doc = hostileDocument();
    const md = toMarkdown(doc);
    const table = md.split('\n').filter((l) => l.startsWith('|'));
    expect(table).toHaveLength(2 + doc.results.length);
    const columns = (l: string) => l.replace(/\\\|/g, '').split('|').length;
    expect(new Set(table.map(columns)).size).toBe(1);
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('<b>');
    expect(md).toContain('\\<script\\>');
    expect(table[6]).toContain('got 1, want 2 \\| \\*bold\\* \\<b\\>x\\</b\\> line 2');
    expect(escapeMarkdown('a|b')).toBe('a\\|b');
    expect(escapeMarkdown('x\r\n  y')).toBe('x y');
  });

  it('lists decode runs in a short table: measured beside predicted, failures in words', () => {
    const verified = sampleDecodeRun({
      medianMs: 1.23456,
      predictedMs: 1.1,
      ratio: 1.12233,
      floorMs: 0.5,
      scaledMs: 12.3456,
    });
    const refused = {
      ...verified,
      model: 'mixtral-8x7b',
      verified: false,
      refused: 'moe' as const,
    };
    const failed = { ...verified, format: 'fp16', verified: false, error: 'a | b' };
    const doc = { ...sampleDocument(), decode: [verified, refused, failed] };
    const md = toMarkdown(doc);
    expect(md).toContain('**Decode runs**');
    const table = md.split('\n').filter((l) => l.startsWith('|'));
    expect(table).toHaveLength(2 + doc.results.length + 2 + 3);
    const [head, , ok, no, bad] = table.slice(2 + doc.results.length);
    expect(head).toContain('| Predicted ms/token |');
    expect(ok).toBe(
      '| smollm2-135m | int4 | 2 of 30 | 512 | 1.23 | 1.10 | 1.12 | 0.500 | 12.3 | verified |',
    );
    expect(no).toContain('| REFUSED: moe |');
    expect(no).not.toContain('1.23');
    expect(bad).toContain('FAILED: a \\| b');
    expect(toMarkdown(sampleDocument())).not.toContain('Decode runs');
  });

  it('limits digits', () => {
    const formatSignificant = PLAIN_NUMBERS.significant;
    expect(formatSignificant(1.048576, 3)).toBe('1.05');
    expect(formatSignificant(123456.7, 3)).toBe('123457');
    expect(formatSignificant(0.000123456, 3)).toBe('0.000123');
    expect(formatSignificant(99.96, 3)).toBe('100');
    expect(formatSignificant(9.996, 3)).toBe('10.0');
    expect(formatSignificant(1e-9, 2)).toBe('0.0000000010');
    expect(formatSignificant(0, 3)).toBe('0');
  });
});

describe('exportFileName', () => {
  it('carries the date and the adapter', () => {
    expect(exportFileName(sampleDocument(), 'json')).toBe(
      'webgpu-roofline-2026-11-29-google-swiftshader.json',
    );
    expect(exportFileName(sampleDocument(), '.CSV')).toBe(
      'webgpu-roofline-2026-11-29-google-swiftshader.csv',
    );
  });

  it('uses safe characters only', () => {
    const doc = sampleDocument();
    doc.adapter.vendor = '../../Ñvidia <Corp> "x"';
    doc.adapter.architecture = 'Ada/Lovelace\\ 😀';
    doc.createdAt = '2026-01-02T23:59:59-05:00';
    const name = exportFileName(doc, '../md');
    expect(name).toBe('webgpu-roofline-2026-01-03-nvidia-corp-x-ada-lovelace.md');
    expect(name).toMatch(/^[a-z0-9.-]+$/);
  });

  it('falls back when adapter or date say nothing', () => {
    const doc = sampleDocument();
    doc.adapter.vendor = '';
    doc.adapter.architecture = '***';
    doc.createdAt = 'yesterday';
    expect(exportFileName(doc, '')).toBe('webgpu-roofline-undated-unknown-adapter.txt');
    expect(slugify('a'.repeat(100))).toHaveLength(40);
  });
});
