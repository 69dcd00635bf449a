// Shared set-up for the browser tests: headless Chromium through
// playwright-core (DESIGN.md "Known tool facts"), a fresh context per launch
// in one Chromium per test file,
// and tenant URLs on <slug>.localhost (Chromium resolves *.localhost to loopback).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { after, afterEach, before } from 'node:test';
import { chromium } from 'playwright-core';

const gateway = new URL(process.env.FORECOURT_E2E_GATEWAY ?? 'http://localhost:8080');

export const TENANTS = ['riverside-toyota', 'northside-used', 'coastal-motor-group'];

/** tenantURL is a path on a tenant's own host. */
export function tenantURL(slug, pathname = '/') {
  return `${gateway.protocol}//${slug}.localhost:${gateway.port || 80}${pathname}`;
}

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// One Chromium per test file (node --test runs each file in its own
// process), started by the first launch and closed after the file's tests.
// Each launch gets a fresh browser context of its own: cookies, storage and
// cache as isolated as a fresh profile's, without a browser start each time
// (issue 35, make test's wall time: a persistent-profile launch cost about
// 2.3 s more than a new context on the loaded test machine, 61 launch sites).
let chromiumProcess;
function sharedChromium() {
  chromiumProcess ??= chromium.launch({
    executablePath: process.env.FORECOURT_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  });
  return chromiumProcess;
}
after(async () => {
  if (chromiumProcess) await (await chromiumProcess).close();
});

/**
 * launch opens a fresh browser context (a new profile's isolation) in the
 * file's Chromium; close() closes it. javaScriptEnabled false is a client that runs no script;
 * mobile is a phone: touch, and a page may zoom out to content wider than the screen (as a phone's browser does).
 */
export async function launch({ width = 1280, height = 900, javaScriptEnabled = true, mobile = false } = {}) {
  const browser = await sharedChromium();
  const context = await browser.newContext({
    viewport: { width, height },
    javaScriptEnabled,
    hasTouch: mobile,
    isMobile: mobile,
  });
  context.setDefaultTimeout(15000);
  const page = await context.newPage();
  if (javaScriptEnabled) waitsForApp(page);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err));
  // Issue 15: pages run under the edge's content security policy (the dev
  // gateway sends it); anything it blocks is a failure, never a quiet gap.
  const cspViolations = [];
  context.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/.test(msg.text())) cspViolations.push(msg.text());
  });
  return {
    page,
    errors,
    cspViolations,
    async close() {
      await context.close();
    },
  };
}

/**
 * waitsForApp makes the page's goto wait for the app: a page the server
 * painted (#root[data-paint]) is the app's only once it has taken over
 * (issue 14: its scripts load after the paint), and a test acts on the app,
 * as a shopper's tap before then is not one the page can serve. It returns
 * the page.
 */
export function waitsForApp(page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil || options.waitUntil === 'load') await page.waitForFunction(() => !document.querySelector('#root[data-paint]'));
    return response;
  };
  return page;
}

/** boxes are where the elements the selectors find stand. */
export function boxes(page, selectors) {
  return page.evaluate(
    (selectors) =>
      Object.fromEntries(
        selectors.map((sel) => {
          const r = document.querySelector(sel)?.getBoundingClientRect();
          return [sel, r ? [r.x, r.y, r.width, r.height].map(Math.round) : null];
        }),
      ),
    selectors,
  );
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
  afterEach(() => {
    const found = browser.cspViolations?.splice(0) ?? [];
    if (found.length > 0) throw new Error(`content security policy violations:\n${found.join('\n')}`);
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

/**
 * openSoldCar finds a sold car in any demo tenant's index and opens the
 * listing searched for its stock number; it returns { slug, car }, or null
 * when no tenant has one (the caller fails with its own message).
 */
export async function openSoldCar(page, tenants = TENANTS) {
  for (const slug of tenants) {
    await page.goto(tenantURL(slug, '/cars/'));
    await waitForResults(page);
    const car = await findCar(page, 'sold:true');
    if (!car) continue;
    await page.goto(tenantURL(slug, `/search/new-used-and-demo-cars/?query=${encodeURIComponent(car.stocknum)}`));
    await waitForResults(page);
    return { slug, car };
  }
  return null;
}

/**
 * siteDealerships reads the slugs and names of the dealerships of the site
 * the page is on, from its own /api/site.
 */
export async function siteDealerships(page) {
  return page.evaluate(async () => {
    const { site } = await (await fetch('/api/site')).json();
    return (site.dealerships ?? []).map((d) => ({ slug: d.slug, name: d.name }));
  });
}

/**
 * layoutShiftWhenSettled reads the cumulative layout shift (collected by
 * trackLayoutShift) once the page has settled: no request in flight, the
 * listing (when there is one) not busy, and two animation frames drawn with no
 * new shift reported, so a late shift is counted rather than raced.
 */
export async function layoutShiftWhenSettled(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
        const check = async () => {
          const before = window.__clsEntries;
          await frame();
          await frame();
          if (window.__clsEntries === before) resolve(window.__cls);
          else check();
        };
        check();
      }),
  );
}

/** trackLayoutShift starts counting layout shifts (without recent input) on every page the browser opens. */
export async function trackLayoutShift(page) {
  await page.addInitScript(() => {
    window.__cls = 0;
    window.__clsEntries = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__clsEntries += 1;
        if (!e.hadRecentInput) window.__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const require = createRequire(import.meta.url);

/** axeViolations runs axe-core in the page and returns serious and critical violations. */
export async function axeViolations(page) {
  // Evaluated through the DevTools protocol, which the page's content
  // security policy does not govern (a script tag would be refused).
  await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const results = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return results.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** cognito calls cognito-local's API directly (the tests' stand-in for the texted code) and answers its JSON. */
export async function cognito(endpoint, action, body) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${action}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

/**
 * testPhone is a new Australian mobile number in E.164 (+61 4xx xxx xxx),
 * apart from other tests' by the time and n.
 */
export function testPhone(n = 0) {
  return `+614${String(Date.now() + n).slice(-8)}`;
}

/** nationalNumber is what a shopper types after the sign-in form's +61 country code. */
export const nationalNumber = (phone) => phone.replace(/^\+61/, '');

/**
 * signedUpShopper signs a new shopper up in the site's pool (auth from GET
 * /api/site) and confirms them with a verified phone; n keeps shoppers of
 * one test apart.
 */
export async function signedUpShopper(auth, n = 0) {
  const phone = testPhone(n);
  const password = 'Forecourt-e2e-1';
  await cognito(auth.endpoint, 'SignUp', {
    ClientId: auth.userPoolClientId,
    Username: phone,
    Password: password,
    UserAttributes: [{ Name: 'phone_number', Value: phone }],
  });
  await cognito(auth.endpoint, 'AdminConfirmSignUp', { UserPoolId: auth.userPoolId, Username: phone });
  // Confirming by the texted code verifies the phone in Cognito; the admin call does not, so say so.
  await cognito(auth.endpoint, 'AdminUpdateUserAttributes', {
    UserPoolId: auth.userPoolId,
    Username: phone,
    UserAttributes: [
      { Name: 'phone_number', Value: phone },
      { Name: 'phone_number_verified', Value: 'true' },
    ],
  });
  return { phone, password };
}

// confirmationCode reads cognito-local's data folder (also used by scripts/confirmation-code.mjs).
export { confirmationCode } from './cognitoCodes.mjs';
