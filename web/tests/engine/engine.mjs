// Builds and runs the local search engine (functions/cmd/localsearch) for
// the JavaScript-client conformance tests.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const APP_ID = 'JSTESTAPP';
export const ADMIN_KEY = 'js-admin-key';
export const SEARCH_KEY = 'js-search-key';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../..');

/** Builds the engine binary once into a temp dir and returns its path. */
export function buildEngine() {
  const dir = mkdtempSync(join(tmpdir(), 'localsearch-bin-'));
  const bin = join(dir, 'localsearch');
  execFileSync('go', ['build', '-o', bin, './functions/cmd/localsearch'], { cwd: repoRoot, stdio: 'inherit' });
  return { bin, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts the engine on a free port; resolves once it listens. */
export function startEngine(bin, dataDir) {
  const proc = spawn(bin, ['-addr', '127.0.0.1:0', '-data', dataDir], {
    env: { ...process.env, ALGOLIA_APP_ID: APP_ID, ALGOLIA_ADMIN_KEY: ADMIN_KEY, ALGOLIA_SEARCH_KEY: SEARCH_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`engine did not start: ${out}`)), 20000);
    proc.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/listening on http:\/\/(\S+)/);
      if (m) {
        clearTimeout(timer);
        ok({
          host: m[1],
          stop: () =>
            new Promise((done) => {
              proc.once('exit', done);
              proc.kill('SIGTERM');
            }),
        });
      }
    });
    proc.stderr.on('data', (chunk) => {
      out += chunk;
    });
    proc.once('exit', (code) => fail(new Error(`engine exited with ${code}: ${out}`)));
  });
}

/** Options making an algoliasearch v5 client talk to the local engine. */
export function hostOptions(host, extra = {}) {
  return { hosts: [{ url: host, protocol: 'http', accept: 'readWrite' }], ...extra };
}

export function newDataDir() {
  return mkdtempSync(join(tmpdir(), 'localsearch-data-'));
}

/** A small fleet across two tenants, sites "a" and "b". */
export const cars = [
  { objectID: 'c1', make: 'Toyota', model: 'Corolla', simple_body: 'Hatch', price: 21000, year: 2019, sites: ['a'], created_at_timestamp: 1 },
  { objectID: 'c2', make: 'Toyota', model: 'Camry', simple_body: 'Sedan', price: 28000, year: 2020, sites: ['a'], created_at_timestamp: 2 },
  { objectID: 'c3', make: 'Toyota', model: 'Corolla', simple_body: 'Sedan', price: 25000, year: 2021, sites: ['b'], created_at_timestamp: 3 },
  { objectID: 'c4', make: 'Mazda', model: 'CX-5', simple_body: 'SUV', price: 35000, year: 2022, sites: ['a', 'b'], created_at_timestamp: 4 },
  { objectID: 'c5', make: 'Ford', model: 'Ranger', simple_body: 'Ute', price: 45000, year: 2018, sites: ['b'], created_at_timestamp: 5 },
].map((c) => ({ ...c, make_model: `${c.make} ${c.model}` }));
