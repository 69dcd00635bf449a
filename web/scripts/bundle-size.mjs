// Prints three pages' initial JavaScript, gzip-compressed: what the page
// loads before it can show itself, less its dialogs and forms loaded on demand.
//   shell page (issue 34, target <= 100 KB): the entry script of
//     dist/index.html, every chunk it preloads or imports statically, and the
//     boot script of painted pages: what every page loads first, and all of
//     it a generic page (sign-in, a content page) loads but its own chunk.
//   listing (issue 5, <= 140 KB) and car page (issue 10, <= 150 KB): the
//     shell and the route's chunks, which index.html lists for it (vite.config.ts
//     routeAssets; chunk files are named by hash alone) and the painted
//     page's boot script preloads.
// KB are 1024 bytes; gzip level 9, as a CDN compresses.
//
//   npm run build -w web && npm run size -w web        (or: node web/scripts/bundle-size.mjs [dist] [--check])
//
// --check exits 1 when a figure is over its target (make test runs it after
// the build, so a change that grows a page fails there).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const check = args.includes('--check');
const distArg = args.find((a) => !a.startsWith('--'));
const dist = path.resolve(distArg ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const TARGETS_KB = { shell: 100, listing: 140, car: 150 };
const over = [];
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The boot script that loads the entry after a server-painted page's first
// paint (src/app/paintFirst.js).
const PAINT_FIRST = /<script id="forecourt-paint-first"[^>]*\ssrc="\/?([^"]+\.js)"/;
const paintFirst = html.match(PAINT_FIRST)?.[1];
const entries = [...html.replace(PAINT_FIRST, '').matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/?([^"]+\.js)"/g)].map((m) => m[1]);

// Static imports only ("import{a}from"./x.js"", "import"./x.js""); import() is lazy.
const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[^'"()]*?from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;
/** reached is every file the given ones import statically, themselves included. */
function reached(start) {
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const src = readFileSync(path.join(dist, file), 'utf8');
    for (const m of src.matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(file), m[1]));
  };
  start.forEach(visit);
  return files;
}
const gzipped = new Map();
function gz(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
}
const kb = (n) => (n / 1024).toFixed(1);
/** figure prints a page's initial JavaScript and notes it when over its target. */
function figure(label, target, files) {
  const bytes = [...files].reduce((n, f) => n + gz(f), 0);
  const raw = [...files].reduce((n, f) => n + readFileSync(path.join(dist, f)).length, 0);
  console.log(`${label} initial JS: ${kb(bytes)} KB gzip (${kb(raw)} KB raw, ${files.size} file(s)); target <= ${TARGETS_KB[target]} KB gzip`);
  if (bytes / 1024 > TARGETS_KB[target]) over.push(label);
}

const shell = reached(entries);
if (paintFirst) shell.add(paintFirst);
figure('shell page', 'shell', shell);

const routeAssets = html.match(/<script id="forecourt-route-assets" type="application\/json">([^<]*)<\/script>/)?.[1];
const routes = routeAssets ? JSON.parse(routeAssets) : {};
for (const [route, label] of [
  ['listing', 'listing'],
  ['car', 'car page'],
]) {
  const files = routes[route]?.js ?? [];
  if (!files.length) {
    over.push(`${label} (no route-assets list for it in index.html)`);
    continue;
  }
  figure(label, route, new Set([...shell, ...reached(files.map((f) => f.replace(/^\//, '')))]));
}
if (check && over.length) {
  console.error(`over the JavaScript budget: ${over.join(', ')}`);
  process.exit(1);
}
