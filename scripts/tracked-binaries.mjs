// Fails when git tracks a built program (issue 36): an ELF, Mach-O or PE
// file, or an executable-mode file that is not a script. Build output belongs
// in .build/ or .gitignore; every clone carries whatever is committed.
import { execFileSync } from 'node:child_process';
import { openSync, readSync, closeSync } from 'node:fs';

const MAGIC = [
  ['ELF', [0x7f, 0x45, 0x4c, 0x46]],
  ['Mach-O', [0xcf, 0xfa, 0xed, 0xfe]],
  ['Mach-O', [0xfe, 0xed, 0xfa, 0xcf]],
  ['Mach-O universal', [0xca, 0xfe, 0xba, 0xbe]],
  ['PE', [0x4d, 0x5a]],
];

const head = (file) => {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(4);
    return buf.subarray(0, readSync(fd, buf, 0, 4, 0));
  } finally {
    closeSync(fd);
  }
};

const problems = [];
// -s gives the mode git records; -z keeps odd names whole.
for (const entry of execFileSync('git', ['ls-files', '-s', '-z'], { encoding: 'utf8' }).split('\0')) {
  const m = /^(\d+) [0-9a-f]+ \d+\t(.+)$/s.exec(entry);
  if (!m || m[1] === '120000' || m[1] === '160000') continue; // symlinks and submodules hold no content here
  const [, mode, file] = m;
  let bytes;
  try {
    bytes = head(file);
  } catch {
    continue; // deleted in the work tree: git status shows it
  }
  const kind = MAGIC.find(([, magic]) => magic.every((b, i) => bytes[i] === b))?.[0];
  if (kind) problems.push(`${file}: ${kind} binary`);
  else if (mode === '100755' && !(bytes[0] === 0x23 && bytes[1] === 0x21)) problems.push(`${file}: executable mode without a #! line`);
}
if (problems.length) {
  console.error(`tracked build output (remove it with git rm --cached and ignore it):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('no tracked binaries');
