// lighthouse runs a Lighthouse performance audit of one page (issue 5
// benchmark) in the Debian Chromium, with Lighthouse's default mobile
// emulation and simulated throttling, prints the figures as plain lines and
// writes the JSON report to .build/bench/.
//
//   node scripts/lighthouse.mjs http://riverside-toyota.localhost:18290/search/new-used-and-demo-cars/
//
// Options: --out DIR (report directory), --chrome PATH (default /usr/bin/chromium
// or $CHROME_PATH), --timeout SECONDS (whole run, default 180).
//
// The machine has no internet: Chromium is started with every background
// fetch off, and Lighthouse is run as a library (no CLI update check, no
// upload), so the run talks to localhost only.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-domain-reliability',
  '--metrics-recording-only',
  '--mute-audio',
];

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: path.join(ROOT, '.build', 'bench') },
    chrome: { type: 'string', default: process.env.CHROME_PATH || '/usr/bin/chromium' },
    timeout: { type: 'string', default: '180' },
  },
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/lighthouse.mjs [--out DIR] [--chrome PATH] [--timeout S] URL');
  process.exit(2);
}
const url = positionals[0];

/** launchChrome starts Chromium with a DevTools port and resolves once it listens. */
function launchChrome(chromePath) {
  const profile = mkdtempSync(path.join(tmpdir(), 'forecourt-lighthouse-'));
  const child = spawn(
    chromePath,
    [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise((resolve) => {
    child.once('exit', resolve);
    child.once('error', resolve); // never started: no exit event follows
  });
  // stop waits for Chromium to exit before removing its profile (it writes
  // there until the end); a profile left in the temp dir fails nothing.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    } catch (err) {
      console.error(`lighthouse: profile ${profile} left behind: ${err.message}`);
    }
  };
  return new Promise((resolve, reject) => {
    let stderr = '';
    const fail = (err) => {
      clearTimeout(timer);
      stop().finally(() => reject(new Error(`start ${chromePath}: ${err}\n${stderr.slice(-2000)}`)));
    };
    const timer = setTimeout(() => fail('no DevTools port within 30s'), 30_000);
    child.on('error', (err) => fail(err.message));
    const onExit = (code) => fail(`exited with ${code}`);
    child.once('exit', onExit);
    child.stderr.on('data', (buf) => {
      stderr += buf;
      const m = stderr.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        child.off('exit', onExit);
        child.stderr.removeAllListeners('data');
        child.stderr.resume();
        resolve({ port: Number(m[1]), stop });
      }
    });
  });
}

const ms = (audit) => `${Math.round(audit.numericValue)} ms`;

async function main() {
  const chrome = await launchChrome(opts.chrome);
  const guard = setTimeout(() => {
    console.error(`lighthouse: no result within ${opts.timeout}s`);
    chrome.stop().finally(() => process.exit(1));
  }, Number(opts.timeout) * 1000);
  let result;
  try {
    // Default config: mobile form factor, simulated throttling.
    result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
  } finally {
    clearTimeout(guard);
    await chrome.stop();
  }
  if (!result) throw new Error(`lighthouse ${url}: no result`);
  const { lhr, report } = result;

  mkdirSync(opts.out, { recursive: true });
  const name = `lighthouse-${new URL(url).hostname.split('.')[0]}.json`;
  const file = path.join(opts.out, name);
  writeFileSync(file, Array.isArray(report) ? report[0] : report);

  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const a = lhr.audits;
  const score = lhr.categories.performance.score;
  console.log(`lighthouse url: ${lhr.finalDisplayedUrl}`);
  console.log(`lighthouse performance: ${score === null ? 'n/a' : Math.round(score * 100)} (target >= 90)`);
  console.log(`lighthouse LCP: ${ms(a['largest-contentful-paint'])}`);
  console.log(`lighthouse CLS: ${a['cumulative-layout-shift'].numericValue.toFixed(3)} (target <= 0.05)`);
  console.log(`lighthouse TBT: ${ms(a['total-blocking-time'])}`);
  console.log(`lighthouse FCP: ${ms(a['first-contentful-paint'])}`);
  console.log(`lighthouse speed index: ${ms(a['speed-index'])}`);
  console.log(`lighthouse host benchmark index: ${Math.round(lhr.environment.benchmarkIndex)} (CPU speed; lower means a busier machine)`);
  console.log(`lighthouse report: ${path.relative(process.cwd(), file)}`);
  for (const w of lhr.runWarnings) console.error(`lighthouse warning: ${w}`);
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
