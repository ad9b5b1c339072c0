import { defineArea } from "./area.ts";
import { productApp as en } from "./en/product-app.ts";

/** Strings of the /{product}-App landing page (product §1, architecture §3.13): `useProductAppT()` in components, `productAppCatalogueFor()` in loaders and meta. */
export const [useProductAppT, productAppCatalogueFor] = defineArea({ en });
