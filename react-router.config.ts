import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Decided in docs/decisions/0002-react-router-future-flags.md.
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
