/** An NDJSON whole-list index (one JSON value a line, then the trailer) as its entries and its trailer. */
export function indexLines(text: string): { entries: any[]; trailer: any } {
  const values = text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
  const trailer = values.pop();
  return { entries: values, trailer };
}
