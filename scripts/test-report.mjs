// test-report turns one suite's results, DIR/SUITE.<ext>, into
// DIR/SUITE.count and prints the suite's summary; `total` then sums every
// .count in DIR into one closing line, "N passed, N failed", and exits 1
// when anything failed or nothing passed.
//
//   node scripts/test-report.mjs go DIR/go.json          a go test -json stream
//   node scripts/test-report.mjs tap DIR/SUITE.tap       node --test's TAP output
//   node scripts/test-report.mjs vitest DIR/vitest.json  Vitest's JSON report
//   node scripts/test-report.mjs failed DIR/SUITE        a suite that could not run: one failure
//   node scripts/test-report.mjs total DIR
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';

const [mode, target] = process.argv.slice(2);
const suite = basename(target ?? '', extname(target ?? ''));
const countFile = join(dirname(target ?? ''), `${suite}.count`);

// writeCount writes the suite's counts beside its results and prints them.
function writeCount(counts) {
  writeFileSync(countFile, JSON.stringify({ suite, ...counts }) + '\n');
  console.log(`${suite}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

if (mode === 'go') {
  // One JSON event per line (go test -json). Count every test and subtest
  // result; print each package's verdict and the output of failed tests.
  const out = new Map(); // "pkg test" -> output lines
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const failedPkgs = [];
  const pkgsWithFailedTests = new Set();
  for (const line of readFileSync(target, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let ev;
    try { ev = JSON.parse(line); } catch { continue; }
    // Compiler errors come as build-output events keyed by ImportPath.
    const key = ev.ImportPath ?? `${ev.Package} ${ev.Test ?? ''}`;
    if (ev.Action === 'build-fail') {
      process.stdout.write((out.get(key) ?? []).join(''));
      continue;
    }
    if (ev.Action === 'output' || ev.Action === 'build-output') {
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
  writeCount(counts);
} else if (mode === 'tap') {
  const text = existsSync(target) ? readFileSync(target, 'utf8') : '';
  const num = (name) => Number((text.match(new RegExp(`^# ${name} (\\d+)$`, 'm')) ?? [])[1] ?? 0);
  const counts = { passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo') };
  if (!/^# tests \d+$/m.test(text)) counts.failed += 1; // the runner died before its summary
  writeCount(counts);
} else if (mode === 'vitest') {
  let counts = { passed: 0, failed: 1, skipped: 0 }; // no report: the run died
  if (existsSync(target)) {
    const r = JSON.parse(readFileSync(target, 'utf8'));
    counts = {
      passed: r.numPassedTests,
      failed: r.numFailedTests + (r.success || r.numFailedTests > 0 ? 0 : 1),
      skipped: r.numPendingTests + r.numTodoTests,
    };
  }
  writeCount(counts);
} else if (mode === 'failed') {
  writeCount({ passed: 0, failed: 1, skipped: 0 });
} else if (mode === 'total') {
  let passed = 0, failed = 0, skipped = 0;
  for (const name of readdirSync(target).filter((n) => n.endsWith('.count')).sort()) {
    const c = JSON.parse(readFileSync(join(target, name), 'utf8'));
    passed += c.passed; failed += c.failed; skipped += c.skipped ?? 0;
  }
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
} else {
  console.error('usage: test-report.mjs go|tap|vitest RESULTS | failed DIR/SUITE | total DIR');
  process.exit(2);
}
