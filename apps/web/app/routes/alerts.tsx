import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { AlertForm } from "../components/alert-form.tsx";
import { AlertPage } from "../components/alert-page.tsx";
import { subscribeAction } from "../lib/alerts.server.ts";
import { retryAfterHeaders } from "../lib/api-error.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { Link } from "../lib/i18n/link.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/alerts";

/**
 * A content page without framework JavaScript (decision 024): the form posts here as plain
 * HTML. It takes a visitor's e-mail address, so it keeps its opener policy (`personalData`).
 */
export const handle = { page: { scripts: false, personalData: true } } satisfies RouteHandle;

/** /alerts reads nothing: its loader only sends the page's messages (the `alerts` area) in its language. */
export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await messagesFor(request, "alerts") };
}

/** A refusal's `retry-after` reaches the answer (`retryAfterHeaders`). */
export const headers = retryAfterHeaders;

/** The 'Tell me when' form's POST (decision 028). */
export async function action({ request, context }: Route.ActionArgs) {
  return subscribeAction(request, context);
}

/**
 * Title 'E-mail alerts' and a description of what the alerts tell (decision 028);
 * `pageMeta` adds the canonical and hreflang links in both languages and the default share card.
 */
export function meta({ matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, {
    title: i18n._(msg`E-mail alerts`),
    description: i18n._(msg`Ask to be told by e-mail when a new flight or show transport is on the schedule.`),
  });
}

/**
 * /alerts (decision 028): after the form, the same answer whether or not the address was
 * subscribed already (no enumeration); after a sign-up refused as bad input, the form again,
 * filled in, with the API's message at the address (nothing typed is lost); opened directly,
 * where to find the form.
 */
export default function Alerts({ actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  if (actionData && !actionData.ok && actionData.form) {
    const { form, message } = actionData;
    const id = form.watch === "flight" || form.watch === "show" ? Number(form.filter) : undefined;
    return (
      <AlertPage title={t`E-mail alerts`} childFocus>
        <AlertForm
          watch={form.watch}
          id={Number.isSafeInteger(id) ? id : undefined}
          refused={{ values: form, message }}
        />
      </AlertPage>
    );
  }
  if (actionData?.ok)
    return (
      <AlertPage title={t`Check your mail`}>
        <p>
          {t`If this address can receive alerts, a mail asking you to confirm is on its way. The alerts start only once you confirm; an unconfirmed request is deleted after 7 days.`}
        </p>
      </AlertPage>
    );
  return (
    <AlertPage title={t`E-mail alerts`} error={actionData && !actionData.ok ? actionData.message : null}>
      <p>{t`Ask for alerts with the form on the flights page, the transport page or the page of a show or flight.`}</p>
      <p className="flex gap-6">
        <Link to="/flights" className="font-semibold text-brand underline underline-offset-4">
          {t`Flights`}
        </Link>
        <Link to="/transport" className="font-semibold text-brand underline underline-offset-4">
          {t`Transport`}
        </Link>
      </p>
    </AlertPage>
  );
}
