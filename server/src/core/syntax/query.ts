import type { Param } from './ast';

/**
 * Splits `a=1&b=2` (optionally starting with `?` or `&`) into parameters with spans.
 * `base` is the offset of `text` in the block. Text stays raw: decoding is the reader's job,
 * because the editor needs the exact characters (for URL-ID-ENCODED, for instance).
 */
export function parseParams(text: string, base: number, source: 'query' | 'form'): Param[] {
  const params: Param[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    // Separators: '&', '?' at the very start, and line breaks inside multi-line form bodies.
    if (c === 38 /* & */ || (c === 63 /* ? */ && i === 0) || c === 10 || c === 13) {
      i++;
      continue;
    }
    let end = i;
    while (end < n) {
      const d = text.charCodeAt(end);
      if (d === 38 || d === 10 || d === 13) break;
      end++;
    }
    const pair = text.slice(i, end);
    const trimmedEnd = pair.replace(/\s+$/, '').length;
    const leading = pair.length - pair.replace(/^\s+/, '').length;
    if (trimmedEnd > leading) {
      const eq = pair.indexOf('=');
      const start = base + i;
      if (eq < 0) {
        params.push({
          name: { text: pair.slice(leading, trimmedEnd), span: { start: start + leading, end: start + trimmedEnd } },
          span: { start: start + leading, end: start + trimmedEnd },
          source,
        });
      } else {
        // Form bodies are written by hand over lines (`deep_copy = true`): spaces around `=` are layout there.
        const gap = source === 'form' ? pair.slice(eq + 1).length - pair.slice(eq + 1).trimStart().length : 0;
        const valueText = pair.slice(eq + 1 + gap, Math.max(eq + 1 + gap, trimmedEnd));
        const nameText = pair.slice(leading, eq).trim();
        params.push({
          name: { text: nameText, span: { start: start + leading, end: start + leading + nameText.length } },
          value: { text: valueText, span: { start: start + eq + 1 + gap, end: start + eq + 1 + gap + valueText.length } },
          span: { start: start + leading, end: start + Math.max(eq + 1, trimmedEnd) },
          source,
        });
      }
    }
    i = end;
  }
  return params;
}

/** Percent-decodes a query value; malformed escapes are kept as written rather than throwing. */
export function decodeParamValue(raw: string): string {
  if (raw.indexOf('%') < 0 && raw.indexOf('+') < 0) return raw;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}
