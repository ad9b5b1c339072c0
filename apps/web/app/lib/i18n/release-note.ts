import { defineArea } from "./area.ts";
import { releaseNote as en } from "./en/release-note.ts";

/** Strings of /release-note (product §2 What's New): `useReleaseNoteT()` in components, `releaseNoteCatalogueFor()` in loaders and meta. */
export const [useReleaseNoteT, releaseNoteCatalogueFor] = defineArea({ en });
