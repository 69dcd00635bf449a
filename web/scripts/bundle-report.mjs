// Lists what the listing's initial JavaScript is made of: the minified bytes
// each package (or app folder) contributes to every chunk, largest first.
// Usage: node scripts/bundle-report.mjs [top-n]   (from web/; writes no dist)
import { build } from 'vite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const top = Number(process.argv[2] ?? 25);

function groupOf(id) {
  const nm = id.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = id.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    const sub = rest
      .slice(rest[0].startsWith('@') ? 2 : 1, -1)
      .slice(0, 3)
      .join('/');
    return `${pkg} ${sub}`;
  }
  return path.relative(root, path.dirname(id.replace(/\?.*$/, '')));
}

const report = {
  name: 'bundle-report',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const groups = new Map();
      for (const [id, m] of Object.entries(chunk.modules)) {
        const g = groupOf(id);
        groups.set(g, (groups.get(g) ?? 0) + m.renderedLength);
      }
      const total = [...groups.values()].reduce((a, b) => a + b, 0);
      console.log(
        `\n${chunk.fileName}${chunk.isEntry ? ' (entry)' : ''}: ${(chunk.code.length / 1024).toFixed(1)} KB minified, modules ${(total / 1024).toFixed(1)} KB before minify`,
      );
      for (const [g, n] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) {
        console.log(`  ${(n / 1024).toFixed(1).padStart(7)} KB  ${g}`);
      }
    }
  },
};

await build({ root, logLevel: 'warn', build: { write: false }, plugins: [report] });
