import { describe, expect, it } from 'vitest';
import { csvCell, csvOf, yuan } from './csv.js';

describe('CSV for bank batches', () => {
  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+86 138')).toBe("'+86 138");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('Bank of Walking')).toBe('Bank of Walking');
  });

  it('quotes commas, quotes and line breaks, and ends every line with CRLF', () => {
    expect(
      csvOf([
        ['a,b', 'say "hi"', 'two\nlines'],
        ['1', '2', '3'],
      ]),
    ).toBe('"a,b","say ""hi""","two\nlines"\r\n1,2,3\r\n');
  });

  it('writes minor units as yuan with two decimals', () => {
    expect(yuan(0)).toBe('0.00');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(19_800)).toBe('198.00');
    expect(yuan(123_456)).toBe('1234.56');
    expect(yuan(-1_250)).toBe('-12.50');
  });
});
