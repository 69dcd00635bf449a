// test-report turns one suite's results, DIR/SUITE.<ext>, into
// DIR/SUITE.count and prints the suite's summary; `total` then sums every
// .count in DIR into one closing line, "N passed, N failed", and exits 1
// when anything failed or nothing passed. Above that line it names each
// failed test with the first line of its error: CI keeps only the end of a
// run's output, and a failure nobody can name cannot be fixed.
//
//   node scripts/test-report.mjs go DIR/go.json          a go test -json stream
//   node scripts/test-report.mjs tap DIR/SUITE.tap       node --test's TAP output
//   node scripts/test-report.mjs vitest DIR/vitest.json  Vitest's JSON report
//   node scripts/test-report.mjs failed DIR/SUITE        a suite that could not run: one failure
//   node scripts/test-report.mjs total DIR
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';

const [mode, target] = process.argv.slice(2);
const suite = basename(target ?? '', extname(target ?? ''));
const countFile = join(dirname(target ?? ''), `${suite}.count`);

// writeCount writes the suite's counts beside its results and prints them.
// failures is a list of "test: first line of its error".
function writeCount(counts, failures = []) {
  writeFileSync(countFile, JSON.stringify({ suite, ...counts, failures }) + '\n');
  console.log(`${suite}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

// clip keeps a failure's line short enough to read in a CI summary.
function clip(text) {
  const one = String(text).replace(/\x1b\[[0-9;]*m/g, '').replace(/\s+/g, ' ').trim();
  return one.length > 240 ? `${one.slice(0, 239)}…` : one;
}

// firstError is the first line of a test's output that reads like its
// error, skipping go test's "=== RUN"/"--- FAIL" framing.
function firstError(lines) {
  const text = lines.join('').split('\n').map((l) => l.trim());
  const hit = text.find((l) => l && !/^(=== |--- |PASS|FAIL|ok\s)/.test(l));
  return clip(hit ?? '');
}

if (mode === 'go') {
  // One JSON event per line (go test -json). Count every test and subtest
  // result; print each package's verdict and the output of failed tests.
  const out = new Map(); // "pkg test" -> output lines
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const failedPkgs = [];
  const pkgsWithFailedTests = new Set();
  const failures = [];
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
      // A parent fails with its subtest: name only the innermost.
      const inner = failures.findIndex((f) => f.startsWith(`${ev.Package} ${ev.Test}/`));
      if (inner < 0) failures.push(`${ev.Package} ${ev.Test}: ${firstError(out.get(key) ?? [])}`);
    }
  }
  // A package that fails to build or panics outside a test has no failed
  // test of its own: count it as one failure so it cannot pass unseen.
  const brokenPkgs = failedPkgs.filter((p) => !pkgsWithFailedTests.has(p));
  counts.failed += brokenPkgs.length;
  failures.push(...brokenPkgs.map((p) => `${p}: the package failed outside any test (build or panic)`));
  writeCount(counts, failures);
} else if (mode === 'tap') {
  const text = existsSync(target) ? readFileSync(target, 'utf8') : '';
  const num = (name) => Number((text.match(new RegExp(`^# ${name} (\\d+)$`, 'm')) ?? [])[1] ?? 0);
  const counts = { passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo') };
  const failures = [];
  // Top-level results only: "not ok N - name", then a YAML block whose
  // error is "error: 'text'" or "error: |-" followed by indented lines.
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const m = line.match(/^not ok \d+ - (.*)$/);
    if (!m) return;
    let error = '';
    for (let j = i + 1; j < lines.length && /^\s/.test(lines[j]); j++) {
      const e = lines[j].match(/^\s+error: (.*)$/);
      if (!e) continue;
      error = /^[|>]/.test(e[1]) ? (lines[j + 1] ?? '').trim() : e[1].replace(/^'|'$/g, '');
      break;
    }
    failures.push(`${m[1]}: ${clip(error)}`);
  });
  if (!/^# tests \d+$/m.test(text)) {
    counts.failed += 1; // the runner died before its summary
    failures.push('the test runner stopped before its summary');
  }
  writeCount(counts, failures);
} else if (mode === 'vitest') {
  let counts = { passed: 0, failed: 1, skipped: 0 }; // no report: the run died
  let failures = ['Vitest wrote no report'];
  if (existsSync(target)) {
    const r = JSON.parse(readFileSync(target, 'utf8'));
    counts = {
      passed: r.numPassedTests,
      failed: r.numFailedTests + (r.success || r.numFailedTests > 0 ? 0 : 1),
      skipped: r.numPendingTests + r.numTodoTests,
    };
    failures = (r.testResults ?? []).flatMap((file) => {
      const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      const where = relative(process.cwd(), file.name ?? '');
      if (tests.length === 0 && file.status === 'failed') return [`${where}: ${clip(file.message ?? '')}`];
      return tests.map((t) => `${where} ${t.fullName}: ${firstError(t.failureMessages ?? [])}`);
    });
    if (!r.success && failures.length === 0) failures.push('Vitest did not succeed and named no test');
  }
  writeCount(counts, failures);
} else if (mode === 'failed') {
  writeCount({ passed: 0, failed: 1, skipped: 0 }, [`${suite}: could not run or did not pass (its output is above)`]);
} else if (mode === 'total') {
  let passed = 0, failed = 0, skipped = 0;
  const failures = [];
  for (const name of readdirSync(target).filter((n) => n.endsWith('.count')).sort()) {
    const c = JSON.parse(readFileSync(join(target, name), 'utf8'));
    passed += c.passed; failed += c.failed; skipped += c.skipped ?? 0;
    failures.push(...(c.failures ?? []).map((f) => `${c.suite}: ${f}`));
  }
  if (failures.length > 0) {
    console.log('failed:');
    for (const f of failures) console.log(`  ${f}`);
  }
  console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
} else {
  console.error('usage: test-report.mjs go|tap|vitest RESULTS | failed DIR/SUITE | total DIR');
  process.exit(2);
}
