import { type AlertWatch, alertEndpoints, alertWatchValues } from "@khayl/contract/alerts";
import { flightRoute } from "@khayl/contract/selective-services";
import { type AppLoadContext, data } from "react-router";
import { apiErrorHeaders, isApiError } from "./api-error.ts";
import type { WebContext } from "./context.ts";
import { readForm } from "./form.server.ts";
import { messagesFor } from "./i18n/catalogue.server.ts";
import { localizedRedirect } from "./i18n/link.tsx";
import { loadFlight, loadShow } from "./trips.server.ts";

/**
 * What the 'Tell me when' form sent, as `AlertForm` fills it in again after a refusal: the
 * watch and its filter (an id for one flight or show), the ticked disciplines, the address
 * and the mails' language.
 */
export interface AlertFormValues {
  watch: AlertWatch;
  filter: string;
  disciplines: string[];
  email: string;
  language: "en" | "ar";
}

/**
 * What an alert page shows after a step: which step was done, or the API's message with its
 * status; a sign-up refused as bad input (400) also carries what was sent (`form`).
 */
type AlertStep = { ok: true; done: string } | { ok: false; message: string; form?: AlertFormValues };

/**
 * The client of this site's own API: alerts are kept in this site's database even when
 * pages read the schedules from a provider behind `API_URL` (decision 028).
 */
function ownApi(context: WebContext) {
  return context.ownApi ?? context.api;
}

/** The answer of a step the API refused: its message, status (502 for no answer) and `retry-after`. */
function refused(context: WebContext, what: string, error: Error & { statusCode: number; retryAfter?: string }) {
  context.log.warn({ status: error.statusCode, message: error.message }, `alerts ${what} failed`);
  const status = error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 502;
  return data<AlertStep>({ ok: false, message: error.message }, { status, headers: apiErrorHeaders(error) });
}

/** Runs `call`, answering `{ ok: true }` or the API's error message with its status (never a 500 for a 4xx). */
async function step(context: WebContext, what: string, call: () => Promise<unknown>) {
  try {
    await call();
    return data<AlertStep>({ ok: true, done: what });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return refused(context, what, error);
  }
}

/**
 * The `/alerts` action (decision 028): the 'Tell me when' form of a schedule or show/flight
 * page, posted without JavaScript. Ticked disciplines become the `shows` filter (none = all).
 * Bad input (the API's 400, e.g. 'Must be a valid Email' for an address the browser let
 * through) answers the API's message with the form's values, so the page can show the form
 * again, filled in, instead of losing it.
 */
export async function subscribeAction(request: Request, context: WebContext) {
  const form = await readForm(request, 16 * 1024);
  const watch = String(form.get("watch") ?? "");
  const ticked = form.getAll("discipline").map(String).filter(Boolean);
  const filter = watch === "shows" ? ticked.join(",") || "all" : String(form.get("filter") ?? "all");
  const body = {
    email: String(form.get("email") ?? ""),
    watch: watch as "flights",
    filter,
    language: (form.get("language") === "ar" ? "ar" : "en") as "en" | "ar",
    ...(form.get("website") ? { website: String(form.get("website")) } : {}),
  };
  try {
    await ownApi(context).call(alertEndpoints.subscribe, { body });
    return data<AlertStep>({ ok: true, done: "subscribe" });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const known = (alertWatchValues as readonly string[]).includes(watch);
    if (error.statusCode !== 400 || !known) return refused(context, "subscribe", error);
    context.log.warn({ status: 400, message: error.message }, "alerts subscribe refused");
    const form: AlertFormValues = {
      watch: watch as AlertWatch,
      filter,
      disciplines: ticked,
      email: body.email,
      language: body.language,
    };
    return data<AlertStep>({ ok: false, message: error.message, form }, { status: 400 });
  }
}

/**
 * The subscription an alert link names, for its page (a read: opening the link changes
 * nothing), or null when the link is unknown, expired or stopped (the API's 404, or 400 for
 * a token of the wrong shape). Any other refusal (a 429 once the client's link calls are
 * spent) is thrown as the page's answer, with its status and `retry-after`: never read as
 * "no longer valid", nor as "stopped".
 */
async function lookupAlert(token: string, context: WebContext) {
  try {
    return await ownApi(context).call(alertEndpoints.lookup, { body: { token } });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.statusCode === 404 || error.statusCode === 400) return null;
    if (error.statusCode < 500)
      throw data(error.message, { status: error.statusCode, headers: apiErrorHeaders(error) });
    throw error;
  }
}

/**
 * What an alert link's page (confirm or manage) loads: the `alerts` messages of the page's
 * language and the link's subscription (`lookupAlert`: null for a link no longer valid).
 */
export async function loadAlertLink(request: Request, context: WebContext, token: string) {
  const [subscription, messages] = await Promise.all([lookupAlert(token, context), messagesFor(request, "alerts")]);
  return { messages, subscription };
}

/**
 * The names of the single shows and flights among `alerts` (the manage page's list), by
 * `show:12` / `flight:7`: a show's `eventName`, a flight's route ('LHR → DXB', as the alert
 * mails write it), read from the schedule in the page's language (`loadShow`, `loadFlight`:
 * the provider's under `API_URL`). One that is no longer on the schedule, or that the
 * schedule did not answer, is left out: the page then names it by its number.
 */
export async function watchedNames(
  context: AppLoadContext,
  alerts: readonly { watch: AlertWatch; filter: string }[],
): Promise<Record<string, string>> {
  const keys = [
    ...new Set(alerts.filter((a) => a.watch === "show" || a.watch === "flight").map((a) => `${a.watch}:${a.filter}`)),
  ];
  const named = await Promise.all(
    keys.map(async (key): Promise<[string, string] | null> => {
      const [watch, id] = key.split(":") as ["show" | "flight", string];
      if (watch === "show") {
        const { item } = await loadShow(context, id);
        return item ? [key, item.eventName] : null;
      }
      const { item } = await loadFlight(context, id);
      return item ? [key, flightRoute(item)] : null;
    }),
  );
  return Object.fromEntries(named.filter((entry) => entry !== null));
}

/** The confirm page's button (a POST): records the consent. */
export function confirmAction(token: string, context: WebContext) {
  return step(context, "confirm", () => ownApi(context).call(alertEndpoints.confirm, { body: { token } }));
}

/**
 * The manage page's forms (decision 028), each a POST: `intent` `stop-all` stops every alert
 * of the address at once, `stop` the one alert whose link token is `alert` (one the page
 * lists; stopping the page's own sends the browser on to the manage page of one left, with
 * `?stopped=1` so that page says so),
 * `language` sets the language of every alert mail to the address. Any other intent is a 400.
 * Once no alert is left (all stopped, or the page's own was the last), the browser is sent
 * on to the page's own URL with `?stopped=all` (a 303): the page then says so in its heading
 * and its title, and reloading it posts nothing again.
 */
export async function manageAction(request: Request, token: string, context: WebContext) {
  const form = await readForm(request, 4 * 1024);
  const intent = String(form.get("intent") ?? "");
  const api = ownApi(context);
  const allStopped = () => localizedRedirect(request, `/alerts/manage/${token}?stopped=all`, 303);
  if (intent === "stop-all") {
    const result = await step(context, intent, () =>
      api.call(alertEndpoints.unsubscribe, { body: { token, scope: "all" } }),
    );
    if (result.data.ok) throw allStopped();
    return result;
  }
  if (intent === "language") {
    const language = String(form.get("language") ?? "") as "en" | "ar"; // the API answers 400 for anything else
    return step(context, intent, () => api.call(alertEndpoints.setLanguage, { body: { token, language } }));
  }
  if (intent !== "stop") throw data("Unknown action", { status: 400 });
  const alert = String(form.get("alert") ?? "");
  let listed: NonNullable<Awaited<ReturnType<typeof lookupAlert>>>;
  try {
    listed = await api.call(alertEndpoints.lookup, { body: { token } });
  } catch (error) {
    // The page's link no longer valid, or the client's link calls spent: nothing was stopped.
    if (!isApiError(error)) throw error;
    return refused(context, intent, error);
  }
  // An alert the page does not list (stopped meanwhile, from another tab or mail): it is stopped.
  if (!listed.alerts.some((a) => a.token === alert)) return data<AlertStep>({ ok: true, done: intent });
  const result = await step(context, intent, () =>
    api.call(alertEndpoints.unsubscribe, { body: { token: alert, scope: "this" } }),
  );
  const next = listed.alerts.find((a) => a.token !== alert);
  // The page's own link stops working with its alert: the browser goes on to the page of one
  // left, which says the alert is stopped (`stopped=1`; the page is private, so never kept).
  if (result.data.ok && alert === token)
    throw next ? localizedRedirect(request, `/alerts/manage/${next.token}?stopped=1`, 303) : allStopped();
  return result;
}
