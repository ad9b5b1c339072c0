import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { isoDateTimeSchema, notOneOfText } from "./fields.ts";
import type { Message } from "./messages.ts";

/** The terms categories of `GET /privacy/selected/{category}` (product §3, §7). */
const termsCategories = ["TermsAndConditions", "PrivacyPolicy"] as const;
export type TermsCategory = (typeof termsCategories)[number];

/** A text per language; English is always present (product §3: `title.en`, `content.en`). */
const localizedTextSchema = z.object({
  en: z.string(),
  ar: z.string().nullish(),
});

/**
 * A terms or privacy document (product §3): `title.en` and `content.en` (HTML, sanitised by
 * the website before rendering, architecture §3.10), chosen by `category`.
 */
const legalDocumentSchema = z.object({
  id: z.number().int(),
  category: z.enum(termsCategories),
  title: localizedTextSchema,
  content: localizedTextSchema,
  updatedAt: isoDateTimeSchema.nullish(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** Path of `GET /privacy/selected/{category}`: one of the two categories, else 400. */
const legalParamsSchema = z.object({
  category: z.enum(termsCategories, { error: notOneOfText("category", termsCategories) }),
});

/** The 404 message when a category has no document yet. */
export const legalNotFound: Message = /*i18n*/ { id: "legal.notFound", message: "Document not found." };

export const legalEndpoints = {
  /** `GET /privacy/selected/{category}`: the terms or the privacy policy in `data`. */
  selected: defineEndpoint({
    method: "GET",
    path: "/privacy/selected/:category",
    operationId: "getLegalDocument",
    params: legalParamsSchema,
    data: legalDocumentSchema,
    message: /*i18n*/ { id: "legal.fetched", message: "Document fetched successfully" },
    summary: "Terms and conditions or privacy policy, by category",
    tags: ["legal"],
  }),
};
