import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";

/**
 * `GET /configurations/` data. product §3 leaves its fields unshown; the reference API
 * answers with the public brand and contact settings the website needs.
 */
const configurationSchema = z.object({
  companyName: z.string(),
  productName: z.string(),
  iosAppUrl: z.string(),
  androidAppUrl: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  currency: z.literal("AED"),
  country: z.literal("AE"),
});

export const configurationEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/configurations/",
    operationId: "getConfigurations",
    data: configurationSchema,
    message: /*i18n*/ { id: "configurations.fetched", message: "Configuration fetched successfully" },
    summary: "Public configuration (brand, store links, support contact)",
    tags: ["configuration"],
  }),
  health: defineEndpoint({
    method: "GET",
    path: "/health",
    operationId: "getHealth",
    // Names nothing of the deployment (which database, which version): a liveness answer only.
    data: z.object({ status: z.literal("ok") }),
    message: /*i18n*/ { id: "health.ok", message: "OK" },
    summary: "Liveness: answers when the database is reachable",
    tags: ["health"],
    errors: { 503: "'Database unreachable': the database did not answer" },
  }),
};
