// The site's lint: typescript-eslint's recommended rules, the rules of hooks, and the layers.
// Run from the repository root (`npm run lint`); file patterns are relative to it.
//
// The layers point one way: server/ -> src/framework -> src/app -> src/blocks -> the domain
// modules (find a group, the loneliness test) -> src/content and src/forms. A file may import
// its own layer and the layers below it; an import against the arrow fails the lint.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Each layer: where its files live. */
const LAYERS = [
  { type: 'server', pattern: 'server/**' },
  { type: 'framework', pattern: 'src/framework/**' },
  { type: 'app', pattern: 'src/app/**' },
  { type: 'blocks', pattern: 'src/blocks/**' },
  { type: 'domain', pattern: ['src/find-group/**', 'src/loneliness-test/**'] },
  { type: 'routing', pattern: 'src/routing/**' },
  { type: 'content', pattern: 'src/content/**' },
  { type: 'forms', pattern: 'src/forms/**' },
  { type: 'i18n', pattern: 'src/i18n/**' },
  { type: 'icons', pattern: 'src/icons/**' },
  { type: 'styles', pattern: 'src/styles/**' },
];

/** What each layer may import besides itself. */
const MAY_IMPORT = {
  server: ['framework', 'routing', 'domain', 'content', 'forms', 'i18n'],
  framework: ['app', 'blocks', 'routing', 'content', 'forms', 'i18n', 'styles'],
  app: ['framework', 'blocks', 'domain', 'routing', 'content', 'forms', 'i18n', 'icons', 'styles'],
  blocks: ['framework', 'domain', 'routing', 'content', 'forms', 'i18n', 'icons', 'styles'],
  domain: ['routing', 'content', 'forms', 'i18n'],
  routing: ['i18n'],
  content: ['forms', 'i18n'],
  forms: ['i18n'],
  i18n: [],
  icons: [],
  styles: [],
};

/** Libraries that render: the data and rule layers must not need them. */
const VIEW_LIBRARIES = ['react', 'react-dom', 'react-dom/*', 'react-server-dom-webpack', 'react-server-dom-webpack/*', 'lucide-react'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'cms/dist/**', 'cms/node_modules/**', 'cms/types/generated/**', 'cms/.strapi/**', 'cms/build/**', 'cms/.tmp/**', 'tools/**', 'public/**', 'test-results/**', 'playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are dead code, except a deliberately ignored `_name`.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Content and the RSC runtime are typed at the boundary with zod; a few internal
      // casts through `any` sit where React's own types give up (the route table).
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['server/**', 'src/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS.map((layer) => ({ ...layer, partialMatch: false })),
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { allow: { to: { module: { origin: 'external' } } } },
            { allow: { to: { module: { origin: 'core' } } } },
            ...Object.entries(MAY_IMPORT).map(([from, to]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { types: { anyOf: [from, ...to] } } } },
            })),
          ],
        },
      ],
    },
  },
  {
    // Rules and data stay free of views: they run on the server, in the browser and in mails.
    files: ['src/forms/**', 'src/content/**', 'src/find-group/**', 'src/loneliness-test/**', 'src/routing/**', 'src/i18n/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: VIEW_LIBRARIES, message: 'Rules and data import no view library; put the view in src/blocks or src/app.' }] }],
    },
  },
);
