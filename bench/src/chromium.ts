import { chromiumArgs } from "../../chromium.ts";

/** The project's Chromium flags (../../chromium.ts) plus the new headless mode, for Lighthouse. */
export const chromiumFlags = ["--headless=new", ...chromiumArgs];
