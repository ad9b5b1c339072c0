import { defineArea } from "./area.ts";
import { legal as en } from "./en/legal.ts";

/** Strings of /term-of-services and /privacy-policy (product §2 Terms and privacy): `useLegalT()` in components, `legalCatalogueFor()` in loaders and meta. */
export const [useLegalT, legalCatalogueFor] = defineArea({ en });
