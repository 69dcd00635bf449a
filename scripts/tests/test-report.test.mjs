// The closing summary of `make test` names each failed test with its error:
// CI keeps only the end of a run's output (issue 35: a run failed one test of
// 3184 and its tail did not say which).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = new URL('../test-report.mjs', import.meta.url).pathname;
const run = (...args) => spawnSync('node', [script, ...args], { encoding: 'utf8' });

test('a failed Go subtest, a failed browser test and a suite that could not run are named above the total', () => {
  const dir = mkdtempSync(join(tmpdir(), 'test-report-'));
  const ev = (o) => JSON.stringify({ Package: 'forecourt/functions/leads', ...o });
  writeFileSync(
    join(dir, 'go.json'),
    [
      ev({ Action: 'output', Test: 'TestSubmit/bad_email', Output: '=== RUN   TestSubmit/bad_email\n' }),
      ev({ Action: 'output', Test: 'TestSubmit/bad_email', Output: '    leads_test.go:40: status = 500, want 400\n' }),
      ev({ Action: 'fail', Test: 'TestSubmit/bad_email' }),
      ev({ Action: 'fail', Test: 'TestSubmit' }),
      ev({ Action: 'pass', Test: 'TestOther' }),
      ev({ Action: 'fail' }),
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'e2e.tap'),
    [
      'TAP version 13',
      'ok 1 - the listing paints',
      'not ok 2 - a lead reaches the dealer once',
      '  ---',
      '  duration_ms: 12.5',
      "  error: |-",
      '    Timed out 15000ms waiting for expect(locator).toBeVisible()',
      '    more detail',
      '  ...',
      '# tests 2',
      '# pass 1',
      '# fail 1',
    ].join('\n'),
  );
  run('go', join(dir, 'go.json'));
  run('tap', join(dir, 'e2e.tap'));
  run('failed', join(dir, 'cdk-synth'));

  const total = run('total', dir);
  assert.equal(total.status, 1);
  const lines = total.stdout.trim().split('\n');
  // Go counts a failed subtest and its parent, as it always has; the list names the subtest.
  assert.equal(lines.at(-1), '2 passed, 4 failed');
  assert.deepEqual(lines.slice(0, -1), [
    'failed:',
    '  cdk-synth: cdk-synth: could not run or did not pass (its output is above)',
    '  e2e: a lead reaches the dealer once: Timed out 15000ms waiting for expect(locator).toBeVisible()',
    '  go: forecourt/functions/leads TestSubmit/bad_email: leads_test.go:40: status = 500, want 400',
  ]);
});

test('a green run prints only the total', () => {
  const dir = mkdtempSync(join(tmpdir(), 'test-report-'));
  writeFileSync(join(dir, 'e2e.tap'), 'TAP version 13\nok 1 - x\n# tests 1\n# pass 1\n');
  execFileSync('node', [script, 'tap', join(dir, 'e2e.tap')]);
  assert.equal(execFileSync('node', [script, 'total', dir], { encoding: 'utf8' }), '1 passed, 0 failed\n');
});
