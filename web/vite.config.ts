/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, minifySync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { PaintKind } from './src/lib/types';

// The gateway resolves the tenant from the Host header, so the proxy keeps it
// (changeOrigin false): open http://<slug>.localhost:5173/ in dev.
const gateway = process.env.FORECOURT_GATEWAY_URL ?? 'http://localhost:8080';

/**
 * InstantSearch's history router imports qs (with side-channel, object-inspect
 * and get-intrinsic: ~13 KB gzip) only for its default createURL and parseURL.
 * Our router always passes both (src/lib/search/routing.ts maps the
 * readable URL itself), so qs is never called: the build gets a stand-in that
 * fails loudly if someone drops those options, rather than silently shipping
 * InstantSearch's nested URL format.
 */
function qsUnused(): Plugin {
  const id = '\0qs-unused';
  const fail = 'throw new Error("qs is not bundled: pass createURL and parseURL to the history router (see lib/search/routing.ts)");';
  return {
    name: 'forecourt:qs-unused',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'qs' ? id : null),
    load: (source) => (source === id ? `export default { stringify() { ${fail} }, parse() { ${fail} } };` : null),
  };
}

/**
 * InstantSearch imports its insights middleware (~1.6 KB gzip) and its
 * search client hydration (~0.5 KB) whatever the options. Every InstantSearch
 * here is SiteInstantSearch (src/lib/search/SiteInstantSearch.tsx): insights
 * off, so the middleware is never called, and the build gets a stand-in that
 * fails loudly if that changes, as qsUnused does. Hydration is called when a
 * listing starts from the results its page inlines (issue 14): it only seeds
 * the client's cache with them so that the same search repeated later is not
 * sent; InstantSearch skips its first search by itself (lib/InstantSearch.js
 * start: scheduleSearch is a no-op until the first render is done). Its
 * stand-in does nothing: a repeat of the first search, if any, is sent.
 */
function instantSearchUnused(): Plugin {
  const stubs: Record<string, string> = {
    '/middlewares/createInsightsMiddleware.js':
      'export function createInsightsMiddleware() { throw new Error("InstantSearch insights are off: pass insights={false} (see SiteInstantSearch)"); }',
    '/lib/utils/hydrateSearchClient.js': 'export function hydrateSearchClient() {}',
    // The router's default state mapping: every routing here passes its own (lib/search/routing.ts createRouting).
    '/lib/stateMappings/simple.js': 'export default function simpleStateMapping() { throw new Error("no stateMapping"); }',
    // Insights events: the connectors build each click's and view's payload, then hand it to
    // sendEventToInsights, a no-op unless the insights middleware (off, above) replaces it.
    '/lib/utils/createSendEventForHits.js':
      'const none = () => () => {}; export const createSendEventForHits = none, createBindEventForHits = () => () => "", _buildEventPayloadsForHits = () => [];',
    '/lib/utils/createSendEventForFacet.js': 'export const createSendEventForFacet = () => () => {};',
    // Metadata for Algolia's crawler, used only when the user agent is that crawler.
    '/middlewares/createMetadataMiddleware.js':
      'export const isMetadataEnabled = () => false; export function createMetadataMiddleware() { throw new Error("no metadata middleware"); }',
    // The highlight and number helpers of instantsearch.js's own widget templates: no connector
    // reads them and React renders every widget here.
    '/lib/createHelpers.js': 'export default function createHelpers() { return {}; }',
  };
  // The helper's Recommend answers: read only when Recommend queries were sent, and no widget here sends one.
  const helperStubs: Record<string, string> = {
    '/algoliasearch-helper/src/utils/sortAndMergeRecommendations.js': 'module.exports = function () { throw new Error("no Recommend queries"); };',
    '/algoliasearch-helper/src/RecommendResults/index.js': 'module.exports = function () { throw new Error("no Recommend queries"); };',
    // Hierarchical facets' trees: no widget here declares one (the helper maps an empty list).
    '/algoliasearch-helper/src/SearchResults/generate-hierarchical-tree.js':
      'module.exports = function () { return function () { throw new Error("no hierarchical facets"); }; };',
    // React 19 has useSyncExternalStore; the shim's fallback for React 17 is never run.
    '/use-sync-external-store/shim/index.js': 'export { useSyncExternalStore } from "react";',
  };
  return {
    name: 'forecourt:instantsearch-unused',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const helper = Object.keys(helperStubs).find((tail) => id.endsWith(tail));
      if (helper) return helperStubs[helper];
      if (!id.includes('/instantsearch.js/es/')) return null;
      const hit = Object.keys(stubs).find((tail) => id.endsWith(tail));
      return hit ? stubs[hit] : null;
    },
  };
}

// Vite's modulepreload polyfill (when on) and rolldown's runtime: loaded first on every page.
const BUILD_HELPERS = /modulepreload-polyfill|rolldown\/runtime/;
const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * ROUTE_PAGES are the lazy pages whose chunks the Go-rendered shell preloads
 * on their routes (functions/seo, Head.Route), so they download with the
 * entry instead of after it has run (issue 14 first paint).
 */
const ROUTE_PAGES: Record<PaintKind, string> = {
  home: 'src/app/HomePage.tsx',
  car: 'src/app/CarRoute.tsx',
  location: 'src/app/LocationRoutes.tsx',
  listing: 'src/features/listing/components/SearchPage.tsx',
  // The other pages the page table paints (functions/httpapi/route Paint; issue 34).
  offers: 'src/app/OfferRoutes.tsx',
  offer: 'src/app/OfferRoutes.tsx',
  content: 'src/features/pages/components/ContentPage.tsx',
  finance: 'src/features/finance-enquiry/components/FinanceEnquiryPage.tsx',
  'trade-in': 'src/features/trade-in/components/TradeInPage.tsx',
  contact: 'src/app/ContactRoute.tsx',
  enquiry: 'src/app/ContactRoute.tsx',
  'contact-location': 'src/app/ContactRoute.tsx',
  'book-test-drive': 'src/features/leads/components/BookTestDrivePage.tsx',
  'sign-in': 'src/features/accounts/components/SignInPage.tsx',
  dealerships: 'src/app/LocationRoutes.tsx',
  manufacturers: 'src/features/manufacturers/components/ManufacturersPage.tsx',
  compare: 'src/features/compare/components/ComparePage.tsx',
  team: 'src/app/LocationRoutes.tsx',
  'dealership-cars': 'src/features/dealerships/components/DealershipSearchPage.tsx',
};
const routePage = (src: string) => path.join(path.dirname(entry), '..', src);

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null };

/** staticallyReached is every module from imports statically, itself included. */
function staticallyReached(from: string, ctx: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const m = stack.pop() as string;
    if (seen.has(m)) continue;
    seen.add(m);
    stack.push(...(ctx.getModuleInfo(m)?.importedIds ?? []));
  }
  return seen;
}

/**
 * chunkGroups names each module's chunk. Every module the entry imports
 * statically goes into one chunk, "index": a page's first JavaScript is then
 * one file and one gzip stream instead of nine (react-router, the JSX runtime
 * and small hooks shared with lazy pages were chunks of their own), 2.3 KB
 * gzip less. The listing is not in it (issue 34: a page that shows no cars
 * loads less); what the listing imports goes into two chunks, "cars" (what
 * the car page imports too: the card, prices, saved cars) and "listing" (the
 * rest: InstantSearch). Left to itself the bundler cut them by every lazy page
 * sharing a module, 22 files whose separate gzip streams and preload lists put
 * the listing 8.8 KB over its 140 KB. What a page showing no cars and no
 * search shares with the listing (the document title hook, the price format,
 * 3.5 KB) goes into the entry: in "cars" it would bring a content page the
 * cards (103.5 KB), in chunks of its own the listing eleven more files.
 */
function chunkGroups() {
  let groups: Map<string, string> | null = null;
  const groupOf = (id: string, ctx: ModuleGraph) => {
    if (!groups) {
      groups = new Map();
      const inEntry = staticallyReached(entry, ctx);
      const listing = staticallyReached(routePage(ROUTE_PAGES.listing), ctx);
      const car = staticallyReached(routePage(ROUTE_PAGES.car), ctx);
      // The pages that show cars or a search (painted, with their own route chunks); every other
      // lazy page is a shell page, whose modules shared with the listing go into the entry.
      const routes = new Set((['home', 'car', 'location', 'listing'] as const).map((name) => routePage(ROUTE_PAGES[name])));
      const card = path.join(path.dirname(entry), 'components/search/CarCard.tsx');
      const shell = new Set<string>();
      for (const page of [...inEntry].flatMap((m) => ctx.getModuleInfo(m)?.dynamicallyImportedIds ?? [])) {
        const reached = staticallyReached(page, ctx);
        if (routes.has(page) || reached.has(card) || [...reached].some((m) => m.includes('/react-instantsearch-core/'))) continue;
        reached.forEach((m) => shell.add(m));
      }
      for (const m of listing) {
        if (!inEntry.has(m)) groups.set(m, shell.has(m) ? 'index' : car.has(m) ? 'cars' : 'listing');
      }
      inEntry.forEach((m) => groups?.set(m, 'index'));
    }
    return BUILD_HELPERS.test(id) ? 'index' : groups.get(id) || null;
  };
  return {
    reset: () => {
      groups = null;
    },
    // In this order (priority): a group cut later takes none of an earlier one's modules.
    groups: ['index', 'cars', 'listing'].map((name, i) => ({
      name: (id: string, ctx: ModuleGraph) => (groupOf(id, ctx) === name ? name : null),
      priority: 3 - i,
      // "cars" and "listing" hold what they name and no more: what they import stays in the entry
      // (a module a page imports statically has its imports there too, so none imports back).
      includeDependenciesRecursively: name === 'index',
    })),
  };
}
const chunkNames = chunkGroups();

/** ROUTE_ASSETS_ID is the script routeAssets writes; functions/seo reads and removes it. */
const ROUTE_ASSETS_ID = 'forecourt-route-assets';

interface OutputChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  isEntry?: boolean;
  moduleIds?: string[];
  imports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * routeAssets writes, into the built index.html, each route page's chunk and
 * the chunks and CSS it imports statically (what Vite's preload helper would
 * fetch when the page is imported), less the entry's own files.
 */
function routeAssets(): Plugin {
  return {
    name: 'forecourt:route-assets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = (ctx.bundle ?? {}) as Record<string, OutputChunkLike>;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entries = chunks.filter((c) => c.isEntry);
        // What the page's own <script> tags load (the entry, rolldown's runtime) is there already.
        const inHtml = [...html.matchAll(/src="\/([^"]+\.js)"/g)].map((m) => m[1]);
        const entryFiles = new Set([...inHtml, ...entries.flatMap((c) => [c.fileName, ...(c.imports ?? [])])]);
        const entryCss = new Set(entries.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
        const out: Record<string, { js: string[]; css: string[] }> = {};
        for (const [route, src] of Object.entries(ROUTE_PAGES)) {
          // The page's chunk is its own, or the group chunk holding it (chunkGroups).
          const page = chunks.find((c) => c.facadeModuleId === routePage(src)) ?? chunks.find((c) => c.moduleIds?.includes(routePage(src)));
          if (!page) throw new Error(`route-assets: no chunk for ${src}`);
          const js: string[] = [];
          const css = new Set<string>();
          const visit = (file: string) => {
            const c = bundle[file];
            if (!c || entryFiles.has(file) || js.includes(`/${file}`)) return;
            js.push(`/${file}`);
            c.viteMetadata?.importedCss.forEach((f) => {
              if (!entryCss.has(f)) css.add(`/${f}`);
            });
            (c.imports ?? []).forEach(visit);
          };
          visit(page.fileName);
          out[route] = { js, css: [...css] };
        }
        return [{ tag: 'script', attrs: { id: ROUTE_ASSETS_ID, type: 'application/json' }, children: JSON.stringify(out), injectTo: 'head' }];
      },
    },
  };
}

/** PAINT_FIRST_ID is the boot script's tag; functions/seo uses it on painted pages only. */
const PAINT_FIRST_ID = 'forecourt-paint-first';

/**
 * paintFirst emits src/app/paintFirst.js (minified, content-hashed, outside
 * the module graph: a plain script that loads the entry after the first
 * paint) and names it in index.html. The Go shell keeps the tag on pages it
 * paints, moving the entry's <script type="module"> tags into its
 * data-entry, and drops it on every other page (functions/seo/shell.go).
 */
function paintFirst(): Plugin {
  const source = fileURLToPath(new URL('./src/app/paintFirst.js', import.meta.url));
  let fileName = '';
  let code = '';
  return {
    name: 'forecourt:paint-first',
    apply: 'build',
    buildStart() {
      this.addWatchFile(source);
      const out = minifySync('paintFirst.js', readFileSync(source, 'utf8'), { compress: true, mangle: true });
      if (out.errors.length) throw new Error(`paint-first: ${out.errors.map((e) => e.message).join('; ')}`);
      code = out.code;
      fileName = `assets/paint-first-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', attrs: { id: PAINT_FIRST_ID, defer: true, src: `/${fileName}` }, injectTo: 'head' }],
    },
  };
}

/**
 * BUILD_ASSETS are files the app imports whose built URL the Go-rendered
 * shell also needs: the painted car page shows the bundled certified badge
 * before the app runs (functions/seo Paint.BundledBadge). Each is imported
 * with ?no-inline, so it is a file of its own with one URL for both.
 */
const BUILD_ASSETS: Record<string, string> = { 'certified-badge': 'src/components/search/assets/certified-used.svg' };

/** BUILD_ASSETS_ID is the script buildAssets writes; functions/seo reads and removes it. */
const BUILD_ASSETS_ID = 'forecourt-build-assets';

/** buildAssets writes, into the built index.html, the URL of each of BUILD_ASSETS. */
function buildAssets(): Plugin {
  return {
    name: 'forecourt:build-assets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.values(ctx.bundle ?? {}) as Array<{ type: string; fileName: string; originalFileNames?: string[] }>;
        const out: Record<string, string> = {};
        for (const [name, src] of Object.entries(BUILD_ASSETS)) {
          const asset = files.find((f) => f.type === 'asset' && (f.originalFileNames ?? []).includes(src));
          if (!asset) throw new Error(`build-assets: ${src} is not a file of the build (import it with ?no-inline)`);
          out[name] = `/${asset.fileName}`;
        }
        return [{ tag: 'script', attrs: { id: BUILD_ASSETS_ID, type: 'application/json' }, children: JSON.stringify(out), injectTo: 'head' }];
      },
    },
  };
}

/**
 * react-router's export map always points at its development build (dev
 * warnings on); the production build next to it is the same code with them
 * off, so the shipped bundle uses that one.
 */
function reactRouterProduction(): string {
  const dev = createRequire(import.meta.url).resolve('react-router'); // dist/development/index.js
  return path.join(path.dirname(dev), '..', 'production', 'index.mjs');
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    qsUnused(),
    instantSearchUnused(),
    routeAssets(),
    paintFirst(),
    buildAssets(),
    { name: 'forecourt:chunk-groups', buildStart: chunkNames.reset },
  ],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction() }] : [],
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/media': { target: gateway, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // No modulepreload polyfill (0.23 KB gzip of every page's entry): every
    // browser since Safari 17 and Firefox 115 preloads modules itself, and
    // one without it still runs the app, fetching a route's chunks when it
    // imports them.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Chunk and asset files are named by their hash alone: the entry
        // lists every lazy chunk and its CSS for the preload helper, and the
        // names were 0.56 KB gzip of the listing's initial JavaScript (issue
        // 32 needed the room). Tests find a chunk by its content or by the
        // route-assets list, never by its name. The entry's chunk keeps
        // its name (index-<hash>.js): the painted pages' boot script names it.
        chunkFileNames: (chunk) => (chunk.name === 'index' ? 'assets/index-[hash].js' : 'assets/[hash].js'),
        assetFileNames: 'assets/[hash][extname]',
        codeSplitting: { groups: chunkNames.groups },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['tests/engine/**', 'e2e/**', 'node_modules/**'],
    // A bound, not a wait: jsdom renders of whole pages took over the 5 s
    // default when the two cores were shared with other work (8 timeouts
    // in one fresh-clone run at load 32); no test waits on a timer.
    testTimeout: 30_000,
    // Every core: Vitest's default leaves one to its main process, which
    // mostly waits; on a 2-core machine that halved the suite (196 -> 113 s).
    maxWorkers: availableParallelism(),
  },
}));
