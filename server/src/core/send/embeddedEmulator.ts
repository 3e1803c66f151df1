/**
 * The name every workspace's embedded emulator goes by, whatever port it listens on in a run: the
 * origin of the links it writes (a page's `next`, docs/sending.md "Pages of a list") and the origin
 * rate-limit knowledge about it is kept under. `.invalid` never resolves: nothing is ever sent to
 * this name; a request written for it goes to the embedded emulator, when that is where sends go.
 */
export const EMBEDDED_EMULATOR_ORIGIN = 'http://embedded-emulator.graphreq.invalid';
