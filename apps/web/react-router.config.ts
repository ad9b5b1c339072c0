import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  /** WEB_BUILD_DIR lets parallel checkouts/runs build side by side (default `build`). */
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
  ssr: true,
} satisfies Config;
