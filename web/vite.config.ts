/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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
  const fail =
    'throw new Error("qs is not bundled: pass createURL and parseURL to the history router (see lib/search/routing.ts)");';
  return {
    name: 'forecourt:qs-unused',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'qs' ? id : null),
    load: (source) => (source === id ? `export default { stringify() { ${fail} }, parse() { ${fail} } };` : null),
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
  plugins: [react(), qsUnused()],
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
  },
}));
