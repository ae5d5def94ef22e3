import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // Explicit list: `prerender: true` cannot expand optional segments such as `zh?`.
  prerender: ["/", "/zh"],
} satisfies Config;
