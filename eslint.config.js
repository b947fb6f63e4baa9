import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const testFiles = [
  '**/*.test.{ts,tsx}',
  '**/*.test-helpers.ts',
  '**/test-helpers.ts',
  '**/test-factories.ts',
  '**/*-test-client.ts',
  'apps/api/src/test/**',
  'apps/web/src/testing/**',
];

// What one API module may import from another: its services, presenters, policies and index.
// settings/visibility.ts is the visibility policy every module applies in its queries; a
// *.leave.ts is the module's part of the leave step (modules/account/leave-parts.ts lists them).
const apiModulePublicFiles = [
  '**/modules/**/*.service.ts',
  '**/modules/**/*.presenter.ts',
  '**/modules/**/*.policy.ts',
  '**/modules/**/*.leave.ts',
  '**/modules/*/index.ts',
  '**/modules/settings/visibility.ts',
  // Each module's section of a person's data export, walked by data-export's zip builder.
  '**/modules/**/*.export.ts',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/.tmp/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Import boundaries: no cycles anywhere; see the zones below for who may import whom.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // As import-x's flatConfigs.typescript: parse TypeScript files when following imports (no-cycle needs it).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/api/tsconfig.json',
            'apps/web/tsconfig.json',
            'apps/web/e2e/tsconfig.json',
            'packages/contract/tsconfig.json',
            'bench/tsconfig.json',
            'scripts/tsconfig.json',
          ],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Web: shared (components, lib, config) -> features -> app; a feature uses another only through its index.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'apps/web/src/{components,lib,config}/**',
              from: 'apps/web/src/{features,app}/**',
              message: 'Shared code (components, lib, config) must not depend on features or routes.',
            },
            {
              target: 'apps/web/src/features/**',
              from: 'apps/web/src/app/**',
              message: 'Features must not import the app (routes, layouts).',
            },
            ...foldersOf('apps/web/src/features/').map((feature) => ({
              target: `apps/web/src/features/${feature}/**`,
              from: `apps/web/src/features/!(${feature})/**`,
              except: ['**/features/*/index.ts', '**/features/*/test-factories.ts'],
              message: 'Import another feature through its index.ts (add the export there), not its internals.',
            })),
          ],
        },
      ],
    },
  },
  {
    // API: lib/ and db/ never import modules; a module uses another only through its public files (apiModulePublicFiles).
    files: ['apps/api/src/**/*.ts'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'apps/api/src/{lib,db}/**',
              from: 'apps/api/src/modules/**',
              message: 'lib/ and db/ must not depend on feature modules.',
            },
            ...foldersOf('apps/api/src/modules/').map((module) => ({
              target: `apps/api/src/modules/${module}/**`,
              from: `apps/api/src/modules/!(${module})/**`,
              except: apiModulePublicFiles,
              message:
                'Use another module through its *.service.ts, *.presenter.ts, *.policy.ts or index.ts, not its repository or internals.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [{ target: 'packages/contract/**', from: 'apps/**', message: 'The contract is shared by both apps and imports neither.' }],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // node:test's describe/it return promises the runner itself awaits.
    files: ['apps/web/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'before', 'after'] }] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
