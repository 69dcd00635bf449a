// web-size prints the gzip size of the JavaScript a listing page loads before
// any interaction: the entry script in web/dist/index.html and every module it
// preloads or imports statically. Lazy chunks (the car page, sign-in) are not
// counted. Usage: node scripts/web-size.mjs [web/dist]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'web/dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.js)"/g)].map((m) => m[1]);

// Follow static imports (import ... from "./x.js" / import "./x.js") from each entry.
const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const src = readFileSync(join(dist, file), 'utf8');
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  for (const m of src.matchAll(/(?:^|[;\s}])import\s*(?:[^'"()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    visit(dir + m[1].slice(2));
  }
}
entries.forEach(visit);

let raw = 0, gz = 0;
for (const file of seen) {
  const buf = readFileSync(join(dist, file));
  raw += buf.length;
  gz += gzipSync(buf, { level: 9 }).length;
}
const kb = (n) => (n / 1024).toFixed(1);
console.log(`listing initial JavaScript: ${seen.size} files, ${kb(raw)} KB raw, ${kb(gz)} KB gzip (target <= 140 KB gzip)`);
