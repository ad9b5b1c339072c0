import { defineArea } from "./area.ts";
import { contact as en } from "./en/contact.ts";

/** Strings of the contact page (product §2, §5): `useContactT()` in components, `contactCatalogueFor()` in loaders and meta. */
export const [useContactT, contactCatalogueFor] = defineArea({ en });
