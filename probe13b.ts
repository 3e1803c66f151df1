import { createLanguageService } from './server/src/core';
import { unmark } from './test/helpers';
const ls = createLanguageService();
function complete(marked: string) {
  const { text, cursor } = unmark(marked);
  const doc = ls.parse(text);
  return ls.getCompletions(doc, cursor!, ls.fileContext(doc, { variables: {} }));
}
for (const t of ['GET /v23.0/123?fields=‸', 'GET /v23.0/123?fields=na‸', 'GET /v23.0/123?fields=id,‸', 'GET /v23.0/?id=https://x.com/&fields=og_object{‸', 'GET /v23.0/?id=https://x.com/&fields=og_object{ti‸}', 'GET /v23.0/?id=https://x.com/&fields=og_object{title},‸','GET /v23.0/?id=https://x.com/&fields=og_object{title}‸','GET /v23.0/?id=https://x.com/&fields=og_object{title,‸', 'GET /v23.0/123?fields=targeting%7B‸', 'GET /v23.0/123?fields={‸}', 'GET /v23.0/123?fields=id,{na‸}', 'GET /v23.0/t_1?fields=messages.limit(2)‸', 'GET /v23.0/t_1?fields=id,messages.limit(2),‸', 'GET /v23.0/123?fields=issues_info{‸}', 'GET /v23.0/123?fields={{f}},‸', 'GET /v23.0/123?fields=id%2C‸'])
  console.log(t, '=>', complete(t).map(i => i.label).slice(0,6).join(','));
