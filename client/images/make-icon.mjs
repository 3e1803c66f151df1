// Draws client/images/icon.png (128x128, the extension's icon) without any image library:
// signed-distance shapes, 4x4 supersampling, PNG written with zlib. Run: node client/images/make-icon.mjs
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const S = 128;
const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const bg = hex('#1c2b4a');
const edge = hex('#9fb3d9');
const nodes = [
  { x: 38, y: 42, r: 15, c: hex('#4f9cff') },
  { x: 92, y: 34, r: 12, c: hex('#ffb000') },
  { x: 70, y: 94, r: 17, c: hex('#37c88a') },
];
const lines = [[0, 1], [0, 2], [1, 2]];

function roundedRect(x, y) {
  const r = 26; const hx = S / 2 - 2; const cx = Math.abs(x - S / 2) - (hx - r); const cy = Math.abs(y - S / 2) - (hx - r);
  return Math.hypot(Math.max(cx, 0), Math.max(cy, 0)) + Math.min(Math.max(cx, cy), 0) - r;
}
function segment(px, py, a, b) {
  const vx = b.x - a.x, vy = b.y - a.y; const t = Math.max(0, Math.min(1, ((px - a.x) * vx + (py - a.y) * vy) / (vx * vx + vy * vy)));
  return Math.hypot(px - a.x - t * vx, py - a.y - t * vy);
}
function sample(x, y) {
  if (roundedRect(x, y) > 0) return [0, 0, 0, 0];
  let col = bg;
  for (const [i, j] of lines) if (segment(x, y, nodes[i], nodes[j]) < 3.2) col = edge;
  for (const n of nodes) {
    const d = Math.hypot(x - n.x, y - n.y);
    if (d < n.r + 3) col = bg; // a ring of background separates node and edges
    if (d < n.r) col = n.c;
    if (d < n.r * 0.42) col = hex('#ffffff');
  }
  return [...col, 255];
}
const raw = Buffer.alloc(S * (S * 4 + 1));
for (let y = 0; y < S; y++) {
  raw[y * (S * 4 + 1)] = 0;
  for (let x = 0; x < S; x++) {
    const acc = [0, 0, 0, 0];
    for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) {
      const s = sample(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4);
      for (let k = 0; k < 3; k++) acc[k] += s[k] * s[3];
      acc[3] += s[3];
    }
    const o = y * (S * 4 + 1) + 1 + x * 4;
    const a = acc[3] / 16;
    for (let k = 0; k < 3; k++) raw[o + k] = acc[3] ? Math.round(acc[k] / acc[3]) : 0;
    raw[o + 3] = Math.round(a);
  }
}
const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
const crc = (buf) => { let c = 0xffffffff; for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
const chunk = (type, data) => {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
  return Buffer.concat([len, td, c]);
};
const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(S, 0); ihdr.writeUInt32BE(S, 4); ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'icon.png');
fs.writeFileSync(out, png);
console.log(`wrote ${out} (${png.length} bytes)`);
