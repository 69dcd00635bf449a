/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway resolves the tenant from the Host header, so the proxy keeps it
// (changeOrigin false): open http://<slug>.localhost:5173/ in dev.
const gateway = process.env.FORECOURT_GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
  },
});
