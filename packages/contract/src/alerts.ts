import { z } from "zod";
import { disciplineIds } from "./disciplines.ts";
import { defineEndpoint } from "./endpoint.ts";
import { requiredOr } from "./fields.ts";
import { emailSchema } from "./form-fields.ts";
import { defineMessages } from "./messages.ts";

/**
 * E-mail alerts for new flights and show transport (decision 028, product.md "Alerts").
 * A visitor asks (`subscribe`), confirms from the link in the first mail by a button
 * (`confirm`, a POST: opening the link never confirms), and stops with one click
 * (`oneClick`, the RFC 8058 `List-Unsubscribe` target). The manage page lists the address's
 * alerts (`lookup`), stops one or all (`unsubscribe`) and changes their language (`setLanguage`).
 */

/** What a subscription watches: all flights / shows matching `filter`, or one flight or show. */
export const alertWatchValues = ["flights", "shows", "flight", "show"] as const;
export type AlertWatch = (typeof alertWatchValues)[number];

/** The version of the consent text the form shows; recorded with each confirmed subscription. */
export const ALERT_CONSENT_VERSION = "2026-11-26";

/** The largest subscription id: the column is a PostgreSQL `integer`, which a larger one overflows (a 500). */
const MAX_SUBSCRIPTION_ID = 2_147_483_647;

/** The alerts calls' validation messages, answered in the language asked for (decision 027). */
const alertFieldMessages = defineMessages({
  tokenInvalid: /*i18n*/ { id: "alerts.field.tokenInvalid", message: "token is not a valid link token" },
  watchInvalid: /*i18n*/ { id: "alerts.field.watchInvalid", message: "watch must be flights, shows, flight or show" },
  languageInvalid: /*i18n*/ { id: "alerts.field.languageInvalid", message: "language must be en or ar" },
  filterInvalid: /*i18n*/ { id: "alerts.field.filterInvalid", message: "filter does not fit watch" },
  scopeInvalid: /*i18n*/ { id: "alerts.field.scopeInvalid", message: "scope must be all or this" },
});

/** A subscriber's link token: `<subscription id>.<43 base64url characters>`, the id an `integer`. */
const tokenSchema = z
  .string({ error: requiredOr("token", alertFieldMessages.tokenInvalid.message) })
  .regex(/^[1-9]\d{0,9}\.[A-Za-z0-9_-]{43}$/, alertFieldMessages.tokenInvalid.message)
  .refine((token) => Number(token.split(".", 1)[0]) <= MAX_SUBSCRIPTION_ID, alertFieldMessages.tokenInvalid.message);

/**
 * The filter of a watch: `flights` all/import/export; `shows` all or comma-separated
 * discipline ids (e.g. `1,3`); `flight`/`show` the numeric id watched.
 */
function isValidAlertFilter(watch: AlertWatch, filter: string): boolean {
  if (watch === "flights") return ["all", "import", "export"].includes(filter);
  if (watch === "shows")
    return (
      filter === "all" ||
      (/^\d+(,\d+)*$/.test(filter) && filter.split(",").every((id) => (disciplineIds as number[]).includes(Number(id))))
    );
  return /^[1-9]\d{0,9}$/.test(filter) && Number(filter) <= MAX_SUBSCRIPTION_ID;
}

/**
 * One spelling per `shows` filter: its discipline ids as numbers, each once, in the order
 * of the /transport chips (`disciplines`: the order the form sends them), and `all` when
 * every discipline is chosen (`3,01,3` → `1,3`). Subscriptions are
 * compared by their filter's text (an address's twin request, decision 028), so `3,1`
 * beside `1,3` was a second alert with a mail of its own, and `1,1,1` named a discipline
 * three times. Any other filter is answered as it is.
 */
function normalisedAlertFilter(watch: AlertWatch, filter: string): string {
  if (watch !== "shows" || filter === "all") return filter;
  const order = (id: number) => (disciplineIds as readonly number[]).indexOf(id);
  const ids = [...new Set(filter.split(",").map(Number))].sort((a, b) => order(a) - order(b));
  return ids.length === disciplineIds.length ? "all" : ids.join(",");
}

/**
 * Body of `POST /alerts/subscriptions`. `website` is a honeypot (filled = answered alike,
 * nothing sent). A `shows` filter comes out in one spelling (`normalisedAlertFilter`).
 */
export const alertSubscribeBodySchema = z
  .object({
    email: emailSchema,
    watch: z.enum(alertWatchValues, { error: requiredOr("watch", alertFieldMessages.watchInvalid.message) }),
    filter: z.string().trim().max(40).default("all"),
    language: z.enum(["en", "ar"], { error: requiredOr("language", alertFieldMessages.languageInvalid.message) }),
    website: z.string().max(200).optional(),
  })
  .refine((body) => isValidAlertFilter(body.watch, body.filter), {
    message: alertFieldMessages.filterInvalid.message,
    path: ["filter"],
  })
  .transform((body) => ({ ...body, filter: normalisedAlertFilter(body.watch, body.filter) }));

/** Body of the lookup and confirm calls: the token from the subscriber's link. */
const alertTokenBodySchema = z.object({ token: tokenSchema });

/** Body of `unsubscribe`: `scope` `all` (default) stops every alert to the token's address, `this` only its own. */
const alertUnsubscribeBodySchema = z.object({
  token: tokenSchema,
  scope: z.enum(["all", "this"], { error: alertFieldMessages.scopeInvalid.message }).default("all"),
});

/** Body of `setLanguage`: the language every alert mail to the token's address is written in from now on. */
const alertLanguageBodySchema = z.object({
  token: tokenSchema,
  language: z.enum(["en", "ar"], { error: requiredOr("language", alertFieldMessages.languageInvalid.message) }),
});

/**
 * The token of an alert mail's one-click URL: an address token, `a.` and the base64url of
 * the address sealed under the server secret (at least 48 characters; it names the address,
 * so it stops every alert of it even after the alert its mail was sent for was stopped), or,
 * in mails sent before address tokens, a subscription's link token (`tokenSchema`).
 */
const oneClickTokenSchema = z.union([z.string().regex(/^a\.[A-Za-z0-9_-]{48,1400}$/), tokenSchema], {
  error: requiredOr("token", alertFieldMessages.tokenInvalid.message),
});

/** Query of the one-click unsubscribe URL (`List-Unsubscribe`, RFC 8058). */
const alertTokenQuerySchema = z.object({ token: oneClickTokenSchema });

/** A subscription as its owner sees it on the manage page (the address only as the owner typed it). */
const alertSubscriptionSchema = z.object({
  email: z.string(),
  watch: z.enum(alertWatchValues),
  filter: z.string(),
  language: z.enum(["en", "ar"]),
  confirmed: z.boolean(),
});

/** One alert of an address on the manage page, with its own link token (to stop it alone). */
const alertOfAddressSchema = z.object({
  token: z.string(),
  watch: z.enum(alertWatchValues),
  filter: z.string(),
  language: z.enum(["en", "ar"]),
  confirmed: z.boolean(),
});

export const alertEndpoints = {
  /**
   * `POST /alerts/subscriptions`: asks for alerts. Always 202 with the same answer, whether
   * or not the address is already subscribed (no enumeration); a confirmation mail is queued
   * within the per-address limit. 404 ('This show is not on the schedule', or the flight's)
   * when `watch` is `show` or `flight` and that id is on no website schedule.
   */
  subscribe: defineEndpoint({
    method: "POST",
    path: "/alerts/subscriptions",
    operationId: "subscribeAlerts",
    body: alertSubscribeBodySchema,
    data: z.object({ status: z.literal("check-your-mail") }),
    message: /*i18n*/ {
      id: "alerts.subscribe.accepted",
      message: "If the address can receive alerts, a mail asking to confirm is on its way",
    },
    summary: "Ask for e-mail alerts (double opt-in)",
    tags: ["alerts"],
  }),
  /**
   * `POST /alerts/subscriptions/lookup`: the subscription of a link token, and `alerts`,
   * every alert of its address (oldest first, expired requests left out); 404 when gone.
   * Its `language` is the address's mail language (one for all its alerts: the language of
   * the alert confirmed last, or of this request while none is confirmed). Changes nothing.
   */
  lookup: defineEndpoint({
    method: "POST",
    path: "/alerts/subscriptions/lookup",
    operationId: "lookupAlertSubscription",
    body: alertTokenBodySchema,
    data: alertSubscriptionSchema.extend({ alerts: z.array(alertOfAddressSchema) }),
    message: /*i18n*/ { id: "alerts.lookup.found", message: "Subscription found" },
    summary: "Read the subscription of a link token",
    tags: ["alerts"],
  }),
  /** `POST /alerts/subscriptions/confirm`: confirms (records the consent); 404 when unknown or expired. */
  confirm: defineEndpoint({
    method: "POST",
    path: "/alerts/subscriptions/confirm",
    operationId: "confirmAlertSubscription",
    body: alertTokenBodySchema,
    data: alertSubscriptionSchema,
    message: /*i18n*/ { id: "alerts.confirm.done", message: "Alerts confirmed" },
    summary: "Confirm an alert subscription (the button on the confirmation page)",
    tags: ["alerts"],
  }),
  /**
   * `POST /alerts/subscriptions/unsubscribe`: deletes every subscription of the token's
   * address (`scope` `all`) or the token's own (`this`) at once; 200 even when already gone.
   */
  unsubscribe: defineEndpoint({
    method: "POST",
    path: "/alerts/subscriptions/unsubscribe",
    operationId: "unsubscribeAlerts",
    body: alertUnsubscribeBodySchema,
    data: z.object({ status: z.literal("unsubscribed") }),
    message: /*i18n*/ { id: "alerts.unsubscribe.done", message: "You will receive no more alerts" },
    summary: "Stop alerts",
    tags: ["alerts"],
  }),
  /** `POST /alerts/subscriptions/language`: the language of every alert mail to the token's address; 404 when gone. */
  setLanguage: defineEndpoint({
    method: "POST",
    path: "/alerts/subscriptions/language",
    operationId: "setAlertLanguage",
    body: alertLanguageBodySchema,
    data: z.object({ language: z.enum(["en", "ar"]) }),
    message: /*i18n*/ { id: "alerts.language.done", message: "The language of your alert mails is saved" },
    summary: "Change the language of alert mails",
    tags: ["alerts"],
  }),
  /**
   * `POST /alerts/one-click?token=…`: the RFC 8058 target of an alert mail's
   * `List-Unsubscribe`; the mailbox provider posts the form body `List-Unsubscribe=One-Click`
   * (ignored). Stops every alert to the token's address (an address token's, or an older
   * mail's subscription's); 200 even when already gone; 404 for an address token that does
   * not open (sealed under another server secret, or altered).
   */
  oneClick: defineEndpoint({
    method: "POST",
    path: "/alerts/one-click",
    operationId: "unsubscribeAlertsOneClick",
    query: alertTokenQuerySchema,
    data: z.object({ status: z.literal("unsubscribed") }),
    message: /*i18n*/ { id: "alerts.unsubscribe.done", message: "You will receive no more alerts" },
    summary: "One-click unsubscribe (RFC 8058 List-Unsubscribe-Post)",
    tags: ["alerts"],
  }),
  /**
   * `GET /alerts/one-click?token=…`: the same URL opened in a browser (what a mail client that
   * knows only RFC 2369 does with `List-Unsubscribe`). Changes nothing (a scanner fetching the
   * link stops no alert): answers `303 See Other` to the manage page, in the address's mail
   * language, of one of the address's alerts; of the token itself when none is left, a page
   * saying the link is no longer valid.
   */
  oneClickLink: defineEndpoint({
    method: "GET",
    path: "/alerts/one-click",
    operationId: "openAlertsOneClickLink",
    query: alertTokenQuerySchema,
    data: z.object({ location: z.string() }),
    redirect: "See Other: the page to manage or stop the alerts (`/alerts/manage/{token}`, below `/ar` in Arabic)",
    summary: "The one-click unsubscribe link opened in a browser: to the manage page",
    tags: ["alerts"],
  }),
};
