// Prints the listing's initial JavaScript, gzip-compressed (issue 5 benchmark,
// target <= 140 KB): the entry script of dist/index.html, every chunk it
// preloads, and every chunk those import statically. Lazy chunks (the car
// page, the home page, sign-in) are not part of it. KB are 1024 bytes; gzip
// level 9, as a CDN compresses.
//
//   npm run build -w web && npm run size -w web        (or: node web/scripts/bundle-size.mjs [dist] [--check])
//
// --check exits 1 when either figure is over its target (make test runs it
// after the build, so a change that grows the listing fails there).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const check = args.includes('--check');
const distArg = args.find((a) => !a.startsWith('--'));
const dist = path.resolve(distArg ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const LISTING_TARGET_KB = 140;
const CAR_TARGET_KB = 150;
const over = [];
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The boot script that loads the entry after a server-painted page's first
// paint (src/app/paintFirst.js) is on the painted pages: the listing of all
// stock and the car page count it.
const PAINT_FIRST = /<script id="forecourt-paint-first"[^>]*\ssrc="\/?([^"]+\.js)"/;
const paintFirst = html.match(PAINT_FIRST)?.[1];
const entries = [...html.replace(PAINT_FIRST, '').matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.js)"/g)].map((m) => m[1]);

// Static imports only ("import{a}from"./x.js"", "import"./x.js""); import() is lazy.
const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[^'"()]*?from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;
const files = new Set();
function visit(file) {
  if (files.has(file)) return;
  files.add(file);
  const src = readFileSync(path.join(dist, file), 'utf8');
  for (const m of src.matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(file), m[1]));
}
entries.forEach(visit);
if (paintFirst) files.add(paintFirst);

let raw = 0;
let gz = 0;
for (const file of files) {
  const body = readFileSync(path.join(dist, file));
  raw += body.length;
  gz += gzipSync(body, { level: 9 }).length;
}
const kb = (n) => (n / 1024).toFixed(1);
console.log(`listing initial JS: ${kb(gz)} KB gzip (${kb(raw)} KB raw, ${files.size} file(s)); target <= ${LISTING_TARGET_KB} KB gzip`);
if (gz / 1024 > LISTING_TARGET_KB) over.push('listing');

// The car page (issue 10 target <= 150 KB gzip): the initial JS plus the
// route's lazy chunk and what it imports statically; its dialogs and the
// enquiry form load later, on demand.
// The route's chunks are the ones index.html lists for it (vite.config.ts
// routeAssets): chunk files are named by hash alone.
const routeAssets = html.match(/<script id="forecourt-route-assets" type="application\/json">([^<]*)<\/script>/)?.[1];
const carFiles = routeAssets ? JSON.parse(routeAssets).car?.js ?? [] : [];
if (carFiles.length) {
  for (const f of carFiles) visit(f.replace(/^\//, ''));
  let carGz = 0;
  for (const file of files) carGz += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  console.log(`car page initial JS: ${kb(carGz)} KB gzip (${files.size} file(s)); target <= ${CAR_TARGET_KB} KB gzip`);
  if (carGz / 1024 > CAR_TARGET_KB) over.push('car page');
} else {
  over.push('car page (no route-assets list for it in index.html)');
}
if (check && over.length) {
  console.error(`over the JavaScript budget: ${over.join(', ')}`);
  process.exit(1);
}
