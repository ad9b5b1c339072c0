import { defineArea } from "./area.ts";
import { releaseLogs as en } from "./en/release-logs.ts";

/** Strings of /release-logs (product §2 Release logs): `useReleaseLogsT()` in components, `releaseLogsCatalogueFor()` in loaders and meta. */
export const [useReleaseLogsT, releaseLogsCatalogueFor] = defineArea({ en });
