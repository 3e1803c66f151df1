/**
 * How deep a body or a field list may nest for graphreq's readers and walkers that recurse
 * (jsonc-parser's tree, the value readers, the field list's parser and every walk over its items):
 * 60 KB nested 10,000 deep exhausted the stack of hover and completion, where what the API takes
 * nests a few levels. Past it, the request gets one REQ-CHECK-LIMIT finding and nothing deeper is read.
 */
export const MAX_NESTING = 64;
