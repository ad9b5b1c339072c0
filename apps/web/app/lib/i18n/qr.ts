import { defineArea } from "./area.ts";
import { qr as en } from "./en/qr.ts";

/** Strings of /QR (product §2): `useQrT()` in components, `qrCatalogueFor()` in loaders and meta. */
export const [useQrT, qrCatalogueFor] = defineArea({ en });
