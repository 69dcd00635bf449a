// altcha-rate.mjs measures how fast the real ALTCHA widget (npm altcha, the
// one the lead forms load) solves the API's SHA-256 challenges in headless
// Chromium on this machine: it serves a page with <altcha-widget> and a
// challenge (npm altcha-lib, the protocol functions/altcha implements) whose
// secret number is N, the worst case of maxnumber N, and prints the widget's
// own solve time ("took") and the hashes per second.
//
//   node web/scripts/altcha-rate.mjs [N]      (default 1000000; /usr/bin/chromium)
//
// functions/altcha.MaxNumber's comment records the figure and the phone factor.
import http from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { createChallenge } from 'altcha-lib/v1';

const require = createRequire(import.meta.url);
const widgetJS = await readFile(require.resolve('altcha').replace(/altcha\.umd\.cjs$/, 'altcha.js'));
const n = Number(process.argv[2] ?? 1_000_000);

// cpuSeconds is the CPU time (user + system) used so far by the process
// tree under pid: the solve's cost in CPU seconds does not depend on what
// else the machine runs, while its wall time does.
async function cpuSeconds(pid) {
  const stats = new Map();
  for (const d of await readdir('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = (await readFile(`/proc/${d}/stat`, 'utf8')).split(') ')[1].split(' ');
      stats.set(Number(d), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (p) => {
    for (let i = 0; p > 1 && i < 64; i++, p = stats.get(p)?.ppid ?? 0) if (p === pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [p, s] of stats) if (inTree(p)) ticks += s.ticks;
  return ticks / 100; // USER_HZ
}
const runs = 3;

let challenge;
const server = http.createServer((req, res) => {
  if (req.url === '/altcha.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(widgetJS);
  } else if (req.url === '/challenge') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(challenge));
  } else {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><script type="module" src="/altcha.js"></script>
<altcha-widget challenge="/challenge" auto="onload"></altcha-widget>
<script>
  window.solved = new Promise((resolve) => document.querySelector('altcha-widget').addEventListener('statechange', (e) => {
    if (e.detail.state === 'verified') resolve(JSON.parse(atob(e.detail.payload)));
    if (e.detail.state === 'error') resolve({ error: true });
  }));
</script>`);
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://localhost:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const took = [];
  const cpu = [];
  const pid = process.pid; // chromium runs under this node process
  for (let i = 0; i < runs; i++) {
    challenge = await createChallenge({ hmacKey: 'measure', number: n, maxnumber: n, expires: new Date(Date.now() + 600_000) });
    const page = await browser.newPage();
    await page.goto(url);
    const before = await cpuSeconds(pid);
    const payload = await page.evaluate(() => window.solved);
    cpu.push((await cpuSeconds(pid)) - before);
    await page.close();
    if (payload.error || payload.number !== n) throw new Error(`widget did not solve: ${JSON.stringify(payload)}`);
    took.push(payload.took);
  }
  took.sort((a, b) => a - b);
  const ms = took[Math.floor(runs / 2)];
  const cores = await (async () => {
    const p = await browser.newPage();
    const c = await p.evaluate(() => navigator.hardwareConcurrency);
    await p.close();
    return c;
  })();
  cpu.sort((a, b) => a - b);
  const cs = cpu[Math.floor(runs / 2)];
  const load = (await readFile('/proc/loadavg', 'utf8')).split(' ')[0];
  console.log(
    `number ${n}: widget solve ${took.map((t) => t.toFixed(0)).join(', ')} ms (median ${ms.toFixed(0)}), ${Math.round((n + 1) / (ms / 1000)).toLocaleString('en')} hashes/s wall; ` +
      `${cs.toFixed(2)} CPU s (median), ${Math.round((n + 1) / cs).toLocaleString('en')} hashes per CPU second; hardwareConcurrency ${cores}, load average ${load}`,
  );
} finally {
  await browser.close();
  server.close();
}
