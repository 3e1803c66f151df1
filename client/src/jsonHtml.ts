/**
 * A JSON body as HTML: nested, foldable (a <details> per object and array), with commas where
 * JSON writes them, right after the value they follow, folded or not. Pure (no 'vscode' import).
 */
import { escapeHtml } from './htmlText';

/**
 * A JSON value as nested, foldable HTML. Readable as the API's answers are shaped: the first three
 * levels are open, and so are the records of a list (the messages of a thread, the ads of an ad
 * set) however deep the list sits; a small object of plain values (`"from": { "id": "…", "name": "…" }`)
 * is written on one line; a folded object shows its first members instead of a count. `comma` is
 * what follows the value in its parent (`,` or nothing): it is written inside the value's element,
 * after its closing bracket, so that it stays on that line (a <details> lays its content out as a
 * block: a comma after it would start a line of its own).
 */
export function renderJson(value: unknown, depth: number, inList = false, comma = ''): string {
  const after = comma ? `<span class="j-punc">${comma}</span>` : '';
  if (value === null) return `<span class="j-null">null</span>${after}`;
  if (typeof value === 'string') return `<span class="j-str">${escapeHtml(JSON.stringify(value))}</span>${after}`;
  if (typeof value === 'number') return `<span class="j-num">${escapeHtml(String(value))}</span>${after}`;
  if (typeof value === 'boolean') return `<span class="j-bool">${value}</span>${after}`;
  const isArr = Array.isArray(value);
  const entries: Array<[string | undefined, unknown]> = isArr ? (value as unknown[]).map((v) => [undefined, v]) : Object.entries(value as object);
  const [o, c] = isArr ? ['[', ']'] : ['{', '}'];
  if (!entries.length) return `<span class="j-punc">${o}${c}</span>${after}`;
  if (!isArr && depth > 0 && isSmallRecord(entries)) {
    const members = entries.map(([k, v], idx) => `${key(k)}${renderJson(v, depth + 1, false, idx < entries.length - 1 ? ',' : '')}`).join(' ');
    return `<span class="j-inline"><span class="j-punc">{ </span>${members}<span class="j-punc"> }</span>${after}</span>`;
  }
  const open = entries.length <= 200 && (depth < 3 || (inList && depth < 8));
  // The items of a list of records open with the list; 50 of them at most, the rest stay folded.
  const items = entries
    .map(([k, v], idx) => `<div class="j-item">${key(k)}${renderJson(v, depth + 1, isArr && idx < 50, idx < entries.length - 1 ? ',' : '')}</div>`)
    .join('');
  const count = `${entries.length} ${isArr ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}`;
  // Folded, the summary ends the value itself (`{ "id": "1", … },`); open, the closing bracket follows the members.
  return `<details class="j-node"${open ? ' open' : ''}><summary><span class="j-punc">${o}</span><span class="j-count"> ${isArr ? count : preview(entries) ?? count} </span><span class="j-closed j-punc">${c}${comma}</span></summary><div class="j-children">${items}</div><span class="j-punc">${c}</span>${after}</details>`;
}

function key(k: string | undefined): string {
  return k === undefined ? '' : `<span class="j-key">${escapeHtml(JSON.stringify(k))}</span><span class="j-punc">: </span>`;
}

/** At most four members, each a plain value, short enough for one line. */
function isSmallRecord(entries: Array<[string | undefined, unknown]>): boolean {
  if (entries.length > 4) return false;
  let length = 0;
  for (const [k, v] of entries) {
    if (v !== null && typeof v === 'object') return false;
    length += (k ?? '').length + JSON.stringify(v ?? null).length + 4;
  }
  return length <= 80;
}

/** The first plain members of a folded object (`"id": "m_1", "message": "Hello…", …`), or undefined when it has none. */
function preview(entries: Array<[string | undefined, unknown]>): string | undefined {
  const plain = entries.filter(([, v]) => v === null || typeof v !== 'object').slice(0, 3);
  if (!plain.length) return undefined;
  const text = plain.map(([k, v]) => {
    const shown = JSON.stringify(v ?? null);
    return `${JSON.stringify(k)}: ${shown.length > 30 ? `${shown.slice(0, 28)}…"` : shown}`;
  }).join(', ');
  return escapeHtml(`${text}${entries.length > plain.length ? ', …' : ''}`);
}
