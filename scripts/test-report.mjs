// test-report reads the results each suite left in a folder and prints one
// closing line, "N passed, N failed", covering every suite. It exits 1 when
// anything failed or a suite left no result.
//
//   node scripts/test-report.mjs go FILE.json        go test -json stream -> prints go's summary, writes FILE.count
//   node scripts/test-report.mjs total DIR           sums every *.count in DIR
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const [mode, target] = process.argv.slice(2);

function writeCount(file, counts) {
  writeFileSync(file, JSON.stringify(counts) + '\n');
}

if (mode === 'go') {
  // One JSON event per line (go test -json). Count every test and subtest
  // result; print each package's verdict and the output of failed tests.
  const out = new Map(); // "pkg test" -> output lines
  const counts = { suite: 'go', passed: 0, failed: 0, skipped: 0 };
  const failedPkgs = [];
  const pkgsWithFailedTests = new Set();
  for (const line of readFileSync(target, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let ev;
    try { ev = JSON.parse(line); } catch { continue; }
    const key = `${ev.Package} ${ev.Test ?? ''}`;
    if (ev.Action === 'output') {
      if (!out.has(key)) out.set(key, []);
      out.get(key).push(ev.Output);
      continue;
    }
    if (!ev.Test) {
      if (ev.Action === 'pass') console.log(`ok   ${ev.Package} ${ev.Elapsed ?? ''}s`);
      if (ev.Action === 'fail') {
        console.log(`FAIL ${ev.Package}`);
        failedPkgs.push(ev.Package);
        process.stdout.write((out.get(key) ?? []).join(''));
      }
      continue;
    }
    if (ev.Action === 'pass') counts.passed++;
    if (ev.Action === 'skip') counts.skipped++;
    if (ev.Action === 'fail') {
      counts.failed++;
      pkgsWithFailedTests.add(ev.Package);
      console.log(`--- FAIL: ${ev.Test} (${ev.Package})`);
      process.stdout.write((out.get(key) ?? []).join(''));
    }
  }
  // A package that fails to build or panics outside a test has no failed
  // test of its own: count it as one failure so it cannot pass unseen.
  counts.failed += failedPkgs.filter((p) => !pkgsWithFailedTests.has(p)).length;
  writeCount(target.replace(/\.json$/, '.count'), counts);
  console.log(`go: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
} else if (mode === 'total') {
  let passed = 0, failed = 0, skipped = 0;
  for (const name of readdirSync(target).filter((n) => n.endsWith('.count')).sort()) {
    const c = JSON.parse(readFileSync(join(target, name), 'utf8'));
    passed += c.passed; failed += c.failed; skipped += c.skipped ?? 0;
  }
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
} else {
  console.error('usage: test-report.mjs go FILE.json | total DIR');
  process.exit(2);
}
