import { defineArea } from "./area.ts";
import { about as en } from "./en/about.ts";

/** Strings of /aboutus (product §1): `useAboutT()` in components, `aboutCatalogueFor()` in loaders and meta. */
export const [useAboutT, aboutCatalogueFor] = defineArea({ en });
