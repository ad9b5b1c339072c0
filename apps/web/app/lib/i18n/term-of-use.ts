import { defineArea } from "./area.ts";
import { termOfUse as en } from "./en/term-of-use.ts";

/** Strings of /term-of-use (product §2 Terms and privacy): sections 0 to 13: `useTermOfUseT()` in components, `termOfUseCatalogueFor()` in loaders and meta. */
export const [useTermOfUseT, termOfUseCatalogueFor] = defineArea({ en });
