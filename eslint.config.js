// One lint setup for the repo: type-aware TypeScript rules, React hooks, and the
// import-direction rules of STYLE.md (vertical slices, one-way imports).
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

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
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/only-throw-error": "off",
      "import-x/no-cycle": "off",
      // A body that is no form is the sender's mistake (400), never a 500: read forms through one helper.
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData'][callee.object.name='request']",
          message: "Read a submitted form with readFormData(request) (modules/security/form-data.server.ts).",
        },
      ],
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
