/** An element of a parsed XML document. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string): string {
  if (/[<]/.test(raw)) throw new Error(`raw "<" in text: ${raw}`);
  return raw.replace(/&([^;]*);?/g, (m, name: string) => {
    if (!m.endsWith(';')) throw new Error(`unterminated entity in: ${raw}`);
    if (name in ENTITIES) return ENTITIES[name] as string;
    if (/^#\d+$/.test(name)) return String.fromCodePoint(Number(name.slice(1)));
    if (/^#x[0-9a-f]+$/i.test(name)) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    throw new Error(`unknown entity &${name};`);
  });
}

/**
 * A strict little parser for the XML the sitemap builder emits (declaration, elements,
 * attributes, text; no DTD, CDATA or comments). Throws on anything not well formed, so tests
 * check well-formedness by parsing, without an XML dependency.
 */
export function parseXml(xml: string): XmlElement {
  const decl = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml);
  if (!decl) throw new Error('missing XML declaration');
  let i = decl[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<]*")*)\s*(\/?)>/y;
  while (i < xml.length) {
    if (xml[i] !== '<') {
      const end = xml.indexOf('<', i);
      const raw = xml.slice(i, end === -1 ? xml.length : end);
      const parent = stack.at(-1);
      if (parent) parent.text += decode(raw);
      else if (raw.trim() !== '') throw new Error(`text outside the root element: ${raw}`);
      i = end === -1 ? xml.length : end;
      continue;
    }
    tag.lastIndex = i;
    const m = tag.exec(xml);
    if (!m) throw new Error(`malformed tag at ${i}: ${xml.slice(i, i + 40)}`);
    const [whole, closing, name = '', attrs = '', selfClosing] = m;
    i += whole.length;
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of attrs.matchAll(/([A-Za-z_][\w.:-]*)="([^"]*)"/g)) attributes[a[1] as string] = decode(a[2] as string);
    const el: XmlElement = { name, attributes, children: [], text: '' };
    const parent = stack.at(-1);
    if (parent) parent.children.push(el);
    else if (root) throw new Error('more than one root element');
    else root = el;
    if (!selfClosing) stack.push(el);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.at(-1)?.name}>`);
  if (!root) throw new Error('no root element');
  return root;
}
