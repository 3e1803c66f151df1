/**
 * Hover and completion cite the documents as links to docs/api.md: the "Source" line of a parameter,
 * an endpoint and a rule leads to the section the citation names, short citations of RULES.md
 * ("Fields" in the ad set tables) included.
 */
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLanguageService } from '../../server/src/core';
import { apiSections } from '../../server/src/core/model/generated/apiIndex';
import { unmark } from '../helpers';

const ls = createLanguageService();
const anchors = new Set(apiSections.map((s) => s.anchor));

function hover(marked: string): string {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  const file = ls.fileContext(doc, { variables: {} });
  return ls.getHover(doc, cursor!, file, ls.validate(doc, { variables: {} }))?.contents ?? '';
}

/** The "Source" line's links: [text, anchor]. */
function sources(markdown: string): [string, string][] {
  const lines = markdown.split('\n').filter((l) => l.startsWith('Source: '));
  return lines.flatMap((l) => [...l.matchAll(/\[((?:[^[\]]|\[[^[\]]*\])*)\]\(docs\/api\.md#([\w-]+)\)/g)].map((m) => [m[1], m[2]] as [string, string]));
}

describe('hover links its sources to docs/api.md', () => {
  it('a parameter: its x-doc', () => {
    assert.deepEqual(sources(hover('POST /v23.0/act_1/adsets\n\n{ "daily_bud‸get": 100 }')), [['[2] Create an ad set', '2-create-an-ad-set']]);
  });

  it('an endpoint, on its method', () => {
    assert.deepEqual(sources(hover('GE‸T /v23.0/?id=https://example.com/&fields=id')), [['[1] Read a URL node', '1-read-a-url-node']]);
  });

  it('a rule under the cursor: a short citation of RULES.md reads as the whole heading', () => {
    const h = hover('POST /v23.0/act_1/adsets\n\n{ "name": "x", "campaign_id": "1", "daily_budget": 100, "bid_strategy": "TARGET_C‸OST" }');
    const links = sources(h);
    // ADSET-TARGET-COST cites "Fields, [3] iOS 14 table" inside the ad set tables.
    assert.ok(links.some(([text, a]) => text === '[2] Ad set read fields' && a === '2-ad-set-read-fields'), JSON.stringify(links));
    assert.ok(links.some(([text, a]) => text === '[3] iOS 14 error codes for ads endpoints' && a === '3-ios-14-error-codes-for-ads-endpoints'), JSON.stringify(links));
  });

  it('every source link of hovers across the endpoints reaches a heading', () => {
    const texts = [
      'GET /v23.0/?id=https://example.com/&sco‸pes=a',
      'GET /v23.0/123?date_pre‸set=maximum',
      'GET /v23.0/t_1?fields=messages.sour‸ce(PARTICIPANTS)',
      'POST /v23.0/?id=https%3A%2F%2Fexample.com&scr‸ape=true',
      'POST /v23.0/123/cop‸ies',
      'GET /v23.0/t_1?fields=messages.source(OTH‸ER)',
    ];
    let count = 0;
    for (const t of texts) {
      for (const [text, a] of sources(hover(t))) {
        count++;
        assert.ok(anchors.has(a), `${text} -> #${a}`);
      }
    }
    assert.ok(count >= texts.length, `only ${count} source links`);
  });

  it('the detail of a finding under the cursor links its citation', () => {
    const h = hover('POST /v23.0/act_1/adsets\n\n{ "name": "x", "campaign_id": "1", "daily_budget": 100, "execution_options": ["include_recommen‸dations"] }');
    assert.ok(h.includes('([[2] Create an ad set](docs/api.md#2-create-an-ad-set))'), h);
  });

  it('completion documentation carries the same links', () => {
    const { text, cursor } = unmark('POST /v23.0/act_1/adsets\n\n{ "bid_str‸" }');
    const doc = ls.parse(text);
    const items = ls.getCompletions(doc, cursor!, ls.fileContext(doc, { variables: {} }));
    const item = items.find((i) => i.label === 'bid_strategy');
    assert.ok(item?.documentation, items.map((i) => i.label).join(','));
    assert.deepEqual(sources(item.documentation), [['[2] Create an ad set', '2-create-an-ad-set']]);
  });
});
