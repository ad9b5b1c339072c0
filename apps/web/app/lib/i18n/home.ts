import { defineArea } from "./area.ts";
import { home as en } from "./en/home.ts";

/** Strings of the home page hero, panels and feature cards (product §1–§2): `useHomeT()` in components, `homeCatalogueFor()` in loaders and meta. */
export const [useHomeT, homeCatalogueFor] = defineArea({ en });
