import boundaries from "eslint-plugin-boundaries";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import {
  libAreaElements,
  libAreaFiles,
  libAreaPolicies,
  outsideLibElements,
  outsideLibFiles,
  testCodeElements,
} from "./lint/lib-areas.mjs";

// Boundaries (docs/architecture.md). Layers: app → components → lib, never upwards. Only the data module
// (lib/db.ts) imports a database client. Test kits are for tests. Each area below gets its whole list:
// ESLint replaces a rule's options per file rather than merging them.
const databaseClients = {
  group: ["pg", "pg/*", "kysely", "kysely/*", "@prisma/client", "@prisma/client/*", "@prisma/adapter-pg"],
  message: "Only the data module (lib/db.ts) imports a database client; use what it exports.",
};
// The generated Prisma client, as a value: its types (import type) are fine everywhere, its enums too.
const prismaRuntime = {
  group: ["@/lib/generated/prisma/client", "@/lib/generated/prisma/internal/*"],
  allowTypeImports: true,
  message: "Only the data module (lib/db.ts) uses the Prisma client at run time; import type is fine.",
};
// Test kits live in test/ (docs/architecture.md).
const testKits = {
  group: ["@/test/*"],
  message: "Test kits are for tests, not for the product.",
};
const upwards = (...layers) => ({
  group: layers.map((layer) => `@/${layer}/*`),
  message: "Imports go app → components → lib, never upwards (docs/architecture.md).",
});
const restrict = (...patterns) => ["error", { patterns }];

// One data-access library (docs/data-layer.md): Kysely for every query and write. Prisma's client keeps
// to prisma/ (the seed, and the row builders that tests hand a client to); its query API is refused
// everywhere else. Kysely has none of these method names; a model's create/update/delete/count are
// caught by the call on a `prisma`/`db()` client.
const PRISMA_ONLY_METHODS =
  "findMany|findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|createMany|createManyAndReturn|updateMany|deleteMany|upsert|\\$transaction|\\$queryRaw|\\$queryRawUnsafe|\\$executeRaw|\\$executeRawUnsafe";
const prismaQueryApi = {
  message: "Prisma's query API stays in prisma/ (seed, factories): query and write with Kysely (lib/db.ts).",
};
const prismaQueryCalls = [
  { ...prismaQueryApi, selector: `CallExpression[callee.property.name=/^(${PRISMA_ONLY_METHODS})$/]` },
  { ...prismaQueryApi, selector: "CallExpression[callee.object.object.property.name='prisma']" },
  { ...prismaQueryApi, selector: "CallExpression[callee.object.object.name='prisma']" },
  { ...prismaQueryApi, selector: "CallExpression[callee.object.object.callee.name='db']" },
];

// Tests, test kits and the data module itself may reach anything (tests call routes and make databases).
const exempt = ["**/*.test.ts", "**/*.test.tsx", "test/**", "lib/db.ts", "lib/generated/**"];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      ".data/**",
      "lib/generated/**",
      "next-env.d.ts",
      "e2e/.results/**",
      "test-results/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // date-fns by function ("date-fns/format"). Its root imports all of its ~860 modules, and Node 24 parses
  // its 200 kB package.json again for each one it loads: the tests' import time on Node 24 was 2.9 times.
  {
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "date-fns",
              message: 'Import each function from its own path ("date-fns/format"): the root loads them all.',
            },
          ],
        },
      ],
    },
  },
  // scripts/, prisma/ (seed, migrate adapter), bench/ and e2e/ stand outside the product: they start
  // databases, migrate them and measure them, so they use the clients directly; no rule applies there,
  // but for the benchmark's reference server, which must run the product's own statements (issue 14).
  {
    files: ["app/**/*.{ts,tsx}", "proxy.ts", "instrumentation.ts"],
    ignores: exempt,
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict(databaseClients, prismaRuntime, testKits),
    },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: exempt,
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict(
        upwards("app"),
        databaseClients,
        prismaRuntime,
        testKits,
      ),
    },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: exempt,
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict(
        upwards("app", "components"),
        databaseClients,
        prismaRuntime,
        testKits,
      ),
    },
  },
  // Components that each do one thing (issue 12): a file past 250 lines is split by what its parts do.
  {
    files: ["components/**/*.tsx", "app/**/*.tsx"],
    rules: { "max-lines": ["error", { max: 250 }] },
  },
  // The lib areas form a graph without cycles (lib-areas.mjs); product code never imports test code.
  {
    plugins: { boundaries },
    settings: {
      "boundaries/elements": [...libAreaElements, ...outsideLibElements, ...testCodeElements],
      "boundaries/files": [
        { category: "test", pattern: "**/*.test.{ts,tsx}" },
        ...libAreaFiles,
        ...outsideLibFiles,
      ],
      "import/resolver": { typescript: { alwaysTryTypes: true } },
    },
  },
  {
    files: [
      "app/**/*.{ts,tsx}",
      "components/**/*.{ts,tsx}",
      "lib/**/*.{ts,tsx,mjs}",
      "proxy.ts",
      "instrumentation.ts",
    ],
    ignores: exempt,
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          policies: [
            ...libAreaPolicies,
            {
              disallow: {
                to: [
                  { element: { types: { anyOf: ["test-kit", "factories"] } } },
                  { file: { categories: "test" } },
                ],
              },
              message: "Product code never imports test code (test/, prisma/factories/, *.test.ts).",
            },
          ],
        },
      ],
    },
  },
  // A test kit never imports a route: the tests import the routes they exercise and pass them in
  // (test/call-route.ts), so what a test calls shows in the test.
  {
    files: ["test/**/*.{ts,tsx}"],
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          policies: [
            {
              from: { element: { types: "test-kit" } },
              disallow: { to: { element: { types: "app" } } },
              message: "A test kit never imports a route (app/): take the handler from the test.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    ignores: ["prisma/**"],
    rules: { "no-restricted-syntax": ["error", ...prismaQueryCalls] },
  },
  // A form only the page's script submits waits for hydration (components/ui/hydrated-form.tsx); a form
  // with a server action works before it, as the browser submits it.
  {
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    ignores: ["components/ui/hydrated-form.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...prismaQueryCalls,
        {
          selector: "JSXOpeningElement[name.name='form'] > JSXAttribute[name.name='onSubmit']",
          message: "A form submitted by script is a HydratedForm: disabled until the page has hydrated.",
        },
      ],
    },
  },
  {
    files: ["bench/reference-server.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(databaseClients, prismaRuntime, testKits) },
  },
];

export default config;
