// Shared set-up for the browser tests: headless Chromium through
// playwright-core (DESIGN.md "Known tool facts"), a fresh profile per launch,
// and tenant URLs on <slug>.localhost (Chromium resolves *.localhost to loopback).
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const gateway = new URL(process.env.FORECOURT_E2E_GATEWAY ?? 'http://localhost:8080');

export const TENANTS = ['riverside-toyota', 'northside-used', 'coastal-motor-group'];

/** tenantURL is a path on a tenant's own host. */
export function tenantURL(slug, pathname = '/') {
  return `${gateway.protocol}//${slug}.localhost:${gateway.port || 80}${pathname}`;
}

/** launch starts Chromium with a fresh profile; close() removes it. */
export async function launch({ width = 1280, height = 900 } = {}) {
  const profile = await mkdtemp(path.join(tmpdir(), 'forecourt-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.FORECOURT_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width, height },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  context.setDefaultTimeout(15000);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (err) => errors.push(err));
  return {
    page,
    errors,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** horizontalOverflow is how far the page is wider than the window (0 when nothing scrolls sideways). */
export async function horizontalOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * sharedBrowser launches one Chromium for a test file's tests (before them)
 * and closes it after them. Call it at the top level of the file; the
 * returned object gains `page`, `errors` and `close` once launched.
 */
export function sharedBrowser(options) {
  const browser = {};
  before(async () => {
    Object.assign(browser, await launch(options));
  });
  after(async () => {
    await browser.close?.();
  });
  return browser;
}

/**
 * settled waits until an element's CSS transitions and animations (its own
 * and its descendants') have finished, so a measurement sees where it rests
 * rather than a frame of the way there.
 */
export async function settled(locator) {
  await locator.evaluate((el) => Promise.allSettled(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/** cards are the car cards of the listing. */
export function cards(page) {
  return page.getByRole('list', { name: 'Cars' }).getByRole('article');
}

/** waitForResults waits until the listing shows cars and is not loading. */
export async function waitForResults(page) {
  await cards(page).first().waitFor();
  await page.locator('ol.results[aria-busy="false"]').waitFor();
}

/**
 * findCar asks the tenant's own search access (from /api/site, inside the
 * page) for one car matching a filter, so a test can open a car of a kind
 * (sold, coming soon) whatever the seed produced.
 */
export async function findCar(page, filters) {
  return page.evaluate(async (filters) => {
    const { search } = await (await fetch('/api/site')).json();
    const url = `${search.host}/1/indexes/${search.index}/query?x-algolia-application-id=${search.appId}&x-algolia-api-key=${encodeURIComponent(search.apiKey)}`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ params: new URLSearchParams({ filters, hitsPerPage: '1' }).toString() }),
    });
    const body = await res.json();
    return body.hits?.[0] ?? null;
  }, filters);
}

const require = createRequire(import.meta.url);

/** axeViolations runs axe-core in the page and returns serious and critical violations. */
export async function axeViolations(page) {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const results = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return results.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
