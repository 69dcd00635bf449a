// Prints the listing's initial JavaScript, gzip-compressed (issue 5 benchmark):
// the entry script of dist/index.html plus every chunk it preloads. Lazy
// chunks (the car page, the home page) are not part of it. Run after
// `npm run build -w web`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]);
let raw = 0;
let gz = 0;
for (const src of new Set(scripts)) {
  const body = readFileSync(path.join(dist, src.replace(/^\//, '')));
  raw += body.length;
  gz += gzipSync(body, { level: 9 }).length;
}
const kb = (n) => (n / 1024).toFixed(1);
console.log(`listing initial JS: ${kb(gz)} KB gzip (${kb(raw)} KB raw, ${scripts.length} file(s)); target <= 140 KB gzip`);
