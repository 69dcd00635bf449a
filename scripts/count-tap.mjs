// count-tap turns a TAP file from node's test runner into a .count file
// for test-report.mjs: node scripts/count-tap.mjs SUITE FILE.tap OUT.count
import { readFileSync, writeFileSync } from 'node:fs';

const [suite, tap, out] = process.argv.slice(2);
const text = readFileSync(tap, 'utf8');
const num = (name) => Number((text.match(new RegExp(`^# ${name} (\\d+)$`, 'm')) ?? [])[1] ?? 0);
const counts = { suite, passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo') };
if (!/^# tests \d+$/m.test(text)) counts.failed += 1; // the runner died before its summary
writeFileSync(out, JSON.stringify(counts) + '\n');
console.log(`${suite}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
