import type { PublicConfig } from "@khayl/config/env";
import { useRouteLoaderData } from "react-router";
import type { Language } from "./i18n/language.ts";

/** The public configuration the root loader sends (brand, store links, support contact). */
export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData("root") as { config: PublicConfig } | undefined;
  if (!data) throw new Error("usePublicConfig needs the root loader data");
  return data.config;
}

/**
 * The company's name in a page's language: `companyNameAr` (`COMPANY_NAME_AR`) for Arabic,
 * else `companyName` (decision 016). The root loader sends the page's one as `companyName`.
 */
export function companyNameIn(config: Pick<PublicConfig, "companyName" | "companyNameAr">, language: Language): string {
  return language === "ar" ? config.companyNameAr : config.companyName;
}
