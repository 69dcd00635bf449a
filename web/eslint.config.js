// ESLint for the web app (issue 36): TypeScript, the rules of hooks, and the
// import floors that keep the web's imports running one way:
//   shared (src/lib, src/components, src/test) -> features (src/features/*) -> app (src/app, src/main.tsx).
// Shared code imports no feature, a feature imports no other feature, and
// nothing but main.tsx imports the app.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(root, 'src');
const shared = ['./src/lib', './src/components', './src/test'];
const features = readdirSync(path.join(src, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** zones lists, for import/no-restricted-paths, every import that runs the wrong way. */
const zones = [
  ...shared.map((target) => ({
    target,
    from: ['./src/features', './src/app', './src/main.tsx'],
    message: 'shared code (lib, components, test) imports no feature and no app code',
  })),
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'a feature imports no other feature: move what both use to lib/ or components/, or inject it from app/',
  })),
  {
    target: './src/features',
    from: ['./src/app', './src/main.tsx'],
    message: 'features do not import the app',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'tests/**', 'e2e/**', 'scripts/**', 'src/lib/types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx,js}', 'vite.config.ts'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
    },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import/no-restricted-paths': ['error', { basePath: root, zones }],
      // As tsc's noUnusedParameters: a leading underscore names a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The one plain script: it runs in the browser before the app (functions/seo/shell.go).
    files: ['src/app/paintFirst.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
);
