import { defineArea } from "./area.ts";
import { links as en } from "./en/links.ts";

/** Strings of /links (product §2): `useLinksT()` in components, `linksCatalogueFor()` in loaders and meta. */
export const [useLinksT, linksCatalogueFor] = defineArea({ en });
