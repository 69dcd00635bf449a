// count-vitest turns Vitest's JSON report into a .count file for
// test-report.mjs: node scripts/count-vitest.mjs REPORT.json OUT.count
import { readFileSync, writeFileSync, existsSync } from 'node:fs';

const [report, out] = process.argv.slice(2);
let counts = { suite: 'vitest', passed: 0, failed: 1, skipped: 0 };
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  counts = {
    suite: 'vitest',
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.success || r.numFailedTests > 0 ? 0 : 1),
    skipped: r.numPendingTests + r.numTodoTests,
  };
}
writeFileSync(out, JSON.stringify(counts) + '\n');
console.log(`vitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
