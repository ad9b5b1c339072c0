import { defineArea } from "./area.ts";
import { account as en } from "./en/account.ts";

/** Strings of the account-deletion flow and /success (product §2, §4): `useAccountT()` in components, `accountCatalogueFor()` in loaders and meta. */
export const [useAccountT, accountCatalogueFor] = defineArea({ en });
