import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The production server entry (server/main.ts) is bundled with the SSR build.
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" }, target: "node20" } : { target: "es2022" },
  ssr: { external: ["sharp", "@electric-sql/pglite", "pg", "pino", "pino-pretty"] },
  plugins: [tailwindcss(), reactRouter()],
}));
