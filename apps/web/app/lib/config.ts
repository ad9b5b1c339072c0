import type { PublicConfig } from "@khayl/config/env";
import { useRouteLoaderData } from "react-router";

/** The public configuration the root loader sends (brand, store links, support contact). */
export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData("root") as { config: PublicConfig } | undefined;
  if (!data) throw new Error("usePublicConfig needs the root loader data");
  return data.config;
}
