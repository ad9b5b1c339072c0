import { defineArea } from "./area.ts";
import { invoice as en } from "./en/invoice.ts";

/** Strings of /invoice/{hash} (product §2, §4, §8): `useInvoiceT()` in components, `invoiceCatalogueFor()` in loaders and meta. */
export const [useInvoiceT, invoiceCatalogueFor] = defineArea({ en });
