/**
 * One CSV cell: every cell quoted, quotes doubled, and a text a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@` first, a negative number aside) defused with a leading apostrophe.
 */
export const csvCell = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  return `"${(/^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text).replaceAll('"', '""')}"`;
};

/** One CSV line (without its line break). */
export const csvLine = (values: readonly (string | number | null)[]): string => values.map(csvCell).join(',');

/** CSV's line break. */
export const CSV_EOL = '\r\n';
