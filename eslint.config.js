// One lint setup for the repo: type-aware TypeScript rules, React hooks, and the
// import-direction rules of STYLE.md (vertical slices, one-way imports).
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

// A body that is no form is the sender's mistake (400), never a 500: read forms through one helper.
const readFormsThroughOneHelper = {
  selector: "CallExpression[callee.property.name='formData'][callee.object.name='request']",
  message: "Read a submitted form with readFormData(request) (modules/forms/submission.server.ts).",
};

// Every admin URL is built by app/lib/admin-paths.ts (STYLE.md): a route that moves is changed in one place.
// Tested in scripts/lint-rules.test.ts.
const adminUrlMessage = 'Build admin URLs with adminPaths (app/lib/admin-paths.ts), not a hard-coded "/admin…" string.';
export const adminUrlsThroughPathHelpers = [
  { selector: "Literal[value=/^\\/admin(\\/|\\?|#|$)/]", message: adminUrlMessage },
  // Any part of a template: `/admin/…${id}`, and `${publicUrl}/admin/…` (an absolute link in an e-mail).
  { selector: "TemplateLiteral > TemplateElement[value.raw=/^\\/admin(\\/|\\?|#|$)/]", message: adminUrlMessage },
  {
    selector: "TemplateLiteral > CallExpression[callee.object.name='adminPaths']",
    message: "Give the adminPaths helper its query or id instead of appending to the URL it returns.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "node_modules/**",
      "drizzle/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "bench-results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // no-cycle reads the imported files: without these it parses none of them and never reports a cycle.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/only-throw-error": "off",
      // Modules depend one way (STYLE.md); a shared piece two files need goes in a third.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-syntax": ["error", readFormsThroughOneHelper, ...adminUrlsThroughPathHelpers],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            // Primitives know nothing of the app.
            {
              target: "./app/components/ui",
              from: "./app",
              except: ["./components/ui", "./lib"],
              message: "components/ui holds primitives only",
            },
            // Domain modules never import routes or components.
            {
              target: "./app/modules",
              from: ["./app/routes", "./app/components"],
              message: "modules never import routes or UI",
            },
            {
              target: "./app/lib",
              from: ["./app/routes", "./app/components", "./app/modules", "./app/db"],
              message: "lib is small isomorphic helpers",
            },
            // The public site never imports admin code.
            {
              target: ["./app/routes/site", "./app/routes/shop", "./app/components/site"],
              from: ["./app/routes/admin", "./app/components/admin"],
              message: "the public site never imports admin code",
            },
            // Only modules (and the seed, which is a module's client) touch the database.
            {
              target: ["./app/routes", "./app/components"],
              from: "./app/db",
              message: "only app/modules/** reaches the database",
            },
          ],
        },
      ],
    },
  },
  {
    // The path helpers themselves, and tests, which name the URLs a user types.
    files: ["app/lib/admin-paths.ts", "app/lib/paths.ts", "tests/**", "**/*.test.ts", "**/*.test.tsx", "scripts/**"],
    rules: { "no-restricted-syntax": ["error", readFormsThroughOneHelper] },
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
      },
    },
  },
);
