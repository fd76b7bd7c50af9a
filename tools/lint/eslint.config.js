// The site's lint: typescript-eslint's recommended rules, the rules of hooks, and the layers.
// Run from the repository root (`npm run lint`); file patterns are relative to it.
//
// The layers point one way: server/ (its root, then http, pages, content, forms, store, mail)
// -> src/framework (the RSC runtime) -> src/app (routes, pages, chrome) -> src/features/<name>
// -> src/blocks (shared views) -> src/routing (paths, routes, the request protocol) -> src/content,
// src/forms -> src/i18n. A feature is reached only through its index.ts, from either side. An
// import against the arrow, into a feature past its door, or from a folder no element lists
// fails the lint.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Each element: where its files live. The first pattern that matches a file classifies it; a
 * file under src/ or server/ that none matches fails the lint (boundaries/no-unknown-files), so
 * a new top folder must be listed here, with what it may import.
 */
const ELEMENTS = [
  // server/: one folder per concern, and one per feature (captured as `feature`). The files at
  // its top (index, app, compose, env, runtime config) are the composition root: no element, so
  // they may import every part, and no part may import them.
  { type: 'server-feature', pattern: 'server/features/*', capture: ['feature'] },
  { type: 'http', pattern: 'server/http/**', partialMatch: false },
  { type: 'pages', pattern: 'server/pages/**', partialMatch: false },
  { type: 'server-content', pattern: 'server/content/**', partialMatch: false },
  { type: 'server-forms', pattern: 'server/forms/**', partialMatch: false },
  { type: 'store', pattern: 'server/store/**', partialMatch: false },
  { type: 'mail', pattern: 'server/mail/**', partialMatch: false },
  // What replicas share (Redis), or this process alone keeps when there is one.
  { type: 'shared', pattern: 'server/shared/**', partialMatch: false },
  // src/: the RSC runtime, the app (routes, pages, chrome), the features, the shared views,
  // the contract between them (routing), and the data and rule layers.
  { type: 'framework', pattern: 'src/framework/**', partialMatch: false },
  { type: 'app', pattern: 'src/app/**', partialMatch: false },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'blocks', pattern: 'src/blocks/**', partialMatch: false },
  { type: 'routing', pattern: 'src/routing/**', partialMatch: false },
  { type: 'content', pattern: 'src/content/**', partialMatch: false },
  // The form catalogue: every form by name, for the one pipeline and the browser's checks.
  { type: 'form-catalogue', pattern: 'src/forms/catalogue', partialMatch: false },
  { type: 'forms', pattern: 'src/forms/**', partialMatch: false },
  { type: 'i18n', pattern: 'src/i18n/**', partialMatch: false },
  { type: 'icons', pattern: 'src/icons/**', partialMatch: false },
  { type: 'styles', pattern: 'src/styles/**', partialMatch: false },
];

/** The folders the elements list; a file in any other folder under server/ or src/ fails the lint. */
const LISTED_FOLDERS = ['server/features', 'server/http', 'server/pages', 'server/content', 'server/forms', 'server/store', 'server/mail', 'server/shared', 'src/framework', 'src/app', 'src/features', 'src/blocks', 'src/routing', 'src/content', 'src/forms', 'src/i18n', 'src/icons', 'src/styles'];

const RULES_AND_DATA = ['routing', 'content', 'forms', 'form-catalogue', 'i18n'];
const SERVER_PARTS = ['http', 'pages', 'server-content', 'server-forms', 'store', 'mail', 'shared'];

/** What each element may import besides itself (features: below, through their doors). */
const MAY_IMPORT = {
  http: ['routing', 'content', 'i18n'],
  pages: ['http', 'server-content', 'server-forms', 'shared', 'framework', ...RULES_AND_DATA],
  'server-content': ['http', ...RULES_AND_DATA],
  'server-forms': ['http', 'pages', 'store', 'mail', 'shared', ...RULES_AND_DATA],
  shared: ['http'],
  store: ['mail', 'content', 'forms', 'i18n'],
  mail: ['store', 'content', 'forms', 'form-catalogue', 'i18n'],
  'server-feature': [...SERVER_PARTS, ...RULES_AND_DATA],
  framework: ['app', 'routing', 'i18n', 'styles'],
  app: ['blocks', 'routing', 'content', 'forms', 'form-catalogue', 'i18n', 'icons', 'styles'],
  feature: ['blocks', 'routing', 'content', 'forms', 'form-catalogue', 'i18n', 'icons', 'styles'],
  blocks: ['routing', 'content', 'forms', 'form-catalogue', 'i18n', 'icons', 'styles'],
  routing: ['content', 'forms', 'i18n'],
  content: ['forms', 'i18n'],
  'form-catalogue': ['forms', 'i18n'],
  forms: ['i18n'],
  i18n: [],
  icons: [],
  styles: [],
};

/** A feature's door: the only file of it that code outside the feature may import. */
const DOOR = 'index.ts';
const SAME_FEATURE = { feature: '{{ from.element.captured.feature }}' };

/** Who may reach a feature, and through which of its files. */
const FEATURE_POLICIES = [
  // Within a feature (either side), any file of it.
  { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'feature', captured: SAME_FEATURE } } } },
  { from: { element: { type: 'server-feature' } }, allow: { to: { element: { type: 'server-feature', captured: SAME_FEATURE } } } },
  // The server side of a feature reaches its own views and rules as it needs them.
  { from: { element: { type: 'server-feature' } }, allow: { to: { element: { type: 'feature', captured: SAME_FEATURE } } } },
  // Everyone else, another feature included: only through the door.
  { from: { element: { types: { anyOf: ['app', 'feature'] } } }, allow: { to: { element: { type: 'feature', fileInternalPath: DOOR } } } },
  { from: { element: { type: 'server-feature' } }, allow: { to: { element: { type: 'server-feature', fileInternalPath: DOOR } } } },
  { from: { element: { type: 'server-feature' } }, allow: { to: { element: { type: 'feature', fileInternalPath: DOOR } } } },
  // Two named composition points: the message catalogue gathers each feature's messages, the
  // form catalogue each feature's forms. Those files import no views.
  { from: { element: { type: 'i18n' } }, allow: { to: { element: { type: 'feature', fileInternalPath: 'messages.ts' } } } },
  { from: { element: { type: 'form-catalogue' } }, allow: { to: { element: { type: 'feature', fileInternalPath: 'forms/**' } } } },
];

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
      'boundaries/elements': ELEMENTS,
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
              allow: { to: { element: { types: { anyOf: [from, ...to].filter((t) => t !== 'feature' && t !== 'server-feature') } } } },
            })),
            ...FEATURE_POLICIES,
          ],
        },
      ],
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': 'error',
    },
  },
  {
    // The server's composition root: it wires every part and feature together (the only place
    // that names them all), so it belongs to no element and nothing imports it.
    files: ['server/*.ts'],
    rules: {
      'boundaries/no-unknown-files': 'off',
      'boundaries/dependencies': 'off',
      'no-restricted-imports': ['error', { patterns: [{ group: ['./features/*/*'], message: 'A feature is reached through its index.ts.' }] }],
    },
  },
  {
    // A folder the elements do not list is no layer: a new folder is added above, with what it
    // may import, before it holds code.
    files: ['server/*/**', 'src/*/**'],
    ignores: LISTED_FOLDERS.map((folder) => `${folder}/**`),
    rules: { 'no-restricted-syntax': ['error', { selector: 'Program', message: 'This folder is not a listed element: add it to ELEMENTS in tools/lint/eslint.config.js, with what it may import.' }] },
  },
  {
    // Rules and data stay free of views: they run on the server, in the browser and in mails.
    files: ['src/forms/**', 'src/content/**', 'src/features/*/rules/**', 'src/features/*/forms/**', 'src/features/*/messages.ts', 'src/routing/**', 'src/i18n/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: VIEW_LIBRARIES, message: 'Rules and data import no view library; put the view in src/blocks, src/app or a feature\'s views.' }] }],
    },
  },
);
