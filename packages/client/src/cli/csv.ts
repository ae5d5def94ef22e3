/**
 * A CSV sheet (RFC 4180: commas, double-quoted fields with `""` escapes and line breaks inside,
 * CRLF or LF) as rows of named columns; the first row names the columns (trimmed, lower case).
 * A UTF-8 byte-order mark is ignored; blank lines are skipped.
 */
/** A quoted field that never closes (`line` is where it opened). */
export class CsvQuoteError extends Error {
  override name = 'CsvQuoteError';
  readonly line: number;
  constructor(line: number) {
    super(`CSV: a quoted field opened on line ${line} is never closed`);
    this.line = line;
  }
}

export function parseCsv(text: string): { columns: string[]; rows: Array<{ line: number; values: Record<string, string> }> } {
  const records: Array<{ line: number; fields: string[] }> = [];
  let field = '';
  let fields: string[] = [];
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const source = text.replace(/^\uFEFF/, '');
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else field += char;
  }
  if (quoted) throw new CsvQuoteError(recordLine);
  if (field !== '' || fields.length) endRecord();
  const [header, ...body] = records;
  if (!header) return { columns: [], rows: [] };
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  return {
    columns,
    rows: body.map((record) => ({ line: record.line, values: Object.fromEntries(columns.map((name, at) => [name, record.fields[at] ?? ''])) })),
  };
}
