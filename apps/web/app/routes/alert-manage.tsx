import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { AlertPage, alertButtonClass } from "../components/alert-page.tsx";
import { BDI_SLOTS, BdiText } from "../components/bdi-text.tsx";
import { useDisciplineNames } from "../components/discipline-names.ts";
import { MailLanguageSelect } from "../components/mail-language-select.tsx";
import { loadAlertLink, manageAction, watchedNames } from "../lib/alerts.server.ts";
import { retryAfterHeaders } from "../lib/api-error.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { Link } from "../lib/i18n/link.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/alert-manage";

/**
 * Without framework JavaScript (decision 024): every button is a plain form POST. The path
 * holds the link's token: a private page (decision 019), never kept, indexed, referred or
 * reported to analytics. It shows the subscriber's e-mail address (`personalData`).
 */
export const handle = { page: { private: true, scripts: false, personalData: true } } satisfies RouteHandle;

/**
 * Reads the link's subscription and every alert of its address; a GET never changes them.
 * `stopped` says where the browser was sent here from (`manageAction`): `"one"` after stopping
 * the alert of the page it came from (`?stopped=1`: the page says that alert is stopped),
 * `"all"` once no alert was left (`?stopped=all`: with no subscription left, the page says
 * the alerts are stopped, in its heading and title); else null.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("stopped");
  const stopped: "one" | "all" | null = query === "1" ? "one" : query === "all" ? "all" : null;
  const link = await loadAlertLink(request, context, params.token);
  const names = link.subscription ? await watchedNames(context, link.subscription.alerts) : {};
  return { ...link, names, stopped };
}

/** Whether the page says every alert is stopped: sent here once none was left, and none is. */
function allStopped(loaderData: { subscription: unknown; stopped: "one" | "all" | null } | undefined): boolean {
  return loaderData?.stopped === "all" && !loaderData.subscription;
}

/** A refusal's `retry-after` reaches the answer (`retryAfterHeaders`). */
export const headers = retryAfterHeaders;

/** The page's forms: stop one alert, stop all, or change the mail language (decision 028). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return manageAction(request, params.token, context);
}

/**
 * Title 'Your alerts' ('Alerts stopped' once every alert is: `allStopped`) and its description,
 * with `pageMeta`'s share card (no canonical, hreflang
 * or `og:url`: the URL holds the link's token); `noindex, nofollow` and the referrer rule come
 * with its private `handle` (root's Layout, decision 019).
 */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, {
    title: i18n._(allStopped(loaderData) ? msg`Alerts stopped` : msg`Your alerts`),
    description: i18n._(msg`Change or stop your e-mail alerts.`),
  });
}

type Alert = NonNullable<Route.ComponentProps["loaderData"]["subscription"]>["alerts"][number];

const smallButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-brand px-4 py-2 font-semibold " +
  "text-brand hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/**
 * What one alert watches, as one phrase in the page's language ('New import flights',
 * 'Changes to the show Spring Derby'): a single show or flight named by `name` (its name or
 * route: `watchedNames`) or, when unknown, by its number.
 */
function useAlertWhat(): (alert: Alert, name: string | undefined) => string {
  const { t } = useLingui();
  const names = useDisciplineNames();
  return (alert, name) => {
    switch (alert.watch) {
      case "flights":
        return alert.filter === "import"
          ? t`New import flights`
          : alert.filter === "export"
            ? t`New export flights`
            : t`New flights`;
      case "shows": {
        if (alert.filter === "all") return t`New show transport`;
        const chosen = alert.filter
          .split(",")
          .map((id) => names[Number(id) as keyof typeof names] ?? id)
          .join(t({ message: ", ", comment: "Between the names of a list: in Arabic, the Arabic comma" }));
        return t`New show transport for ${chosen}`;
      }
      case "flight":
        return name ? t`Changes to the flight ${name}` : t`Changes to flight ${alert.filter}`;
      case "show":
        return name ? t`Changes to the show ${name}` : t`Changes to show ${alert.filter}`;
    }
  };
}

/** What one alert watches (`useAlertWhat`'s `text`); a single show or flight links to its page. */
function AlertWhat({ alert, text }: { alert: Alert; text: string }) {
  if (alert.watch !== "flight" && alert.watch !== "show") return text;
  return (
    <Link
      to={alert.watch === "flight" ? `/flights/${alert.filter}` : `/transport/${alert.filter}`}
      className="font-semibold text-brand underline underline-offset-4"
    >
      {text}
    </Link>
  );
}

/** /alerts/manage/{token} (decision 028): the page every alert mail links to, to change or stop alerts. */
export default function AlertManage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const whatOf = useAlertWhat();
  const sub = loaderData.subscription;
  const address = BDI_SLOTS[0];
  if (allStopped(loaderData))
    return (
      <AlertPage title={t`Alerts stopped`} redirectedPost>
        <p>{t`You will receive no more alerts. You can ask again on the flights or transport page.`}</p>
      </AlertPage>
    );
  const done = actionData?.ok ? actionData.done : sub && loaderData.stopped === "one" ? "stop" : null;
  if (done === "stop" && !sub)
    return (
      <AlertPage title={t`Alerts stopped`}>
        <p>{t`You will receive no more alerts. You can ask again on the flights or transport page.`}</p>
      </AlertPage>
    );
  if (!sub)
    return (
      <AlertPage title={t`Your alerts`}>
        <p>{t`This link is no longer valid: the alerts were stopped or never confirmed.`}</p>
      </AlertPage>
    );
  return (
    <AlertPage
      title={t`Your alerts`}
      redirectedPost={done !== null && !actionData}
      error={actionData && !actionData.ok ? actionData.message : null}
      notice={
        done ? (done === "language" ? t`The language of your alert mails is saved.` : t`The alert is stopped.`) : null
      }
    >
      <p>
        {/* The address keeps its own reading order inside Arabic text (`BdiText`). */}
        <BdiText
          text={t`Alerts go to ${address}. To watch something else, ask with the form on the flights or transport page.`}
          values={[sub.email]}
          className="wrap-anywhere"
        />
      </p>
      <ul className="grid gap-3">
        {sub.alerts.map((alert) => {
          const what = whatOf(alert, loaderData.names[`${alert.watch}:${alert.filter}`]);
          return (
            <li
              key={alert.token}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-300 px-4 py-3"
            >
              <span>
                <AlertWhat alert={alert} text={what} />
                {alert.confirmed ? null : ` · ${t`not confirmed yet`}`}
              </span>
              <form method="post">
                <input type="hidden" name="intent" value="stop" />
                <input type="hidden" name="alert" value={alert.token} />
                {/* Each button names its alert: a list of buttons (a screen reader's, voice control's) tells them apart. */}
                <button type="submit" className={smallButtonClass} aria-label={t`Stop this alert: ${what}`}>
                  {t`Stop this alert`}
                </button>
              </form>
            </li>
          );
        })}
      </ul>
      {/* One language for every alert of the address (decision 028: one digest, one language). */}
      <form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="language" />
        <MailLanguageSelect defaultValue={sub.language} />
        <button type="submit" className={smallButtonClass}>
          {t`Save language`}
        </button>
      </form>
      <form method="post">
        <input type="hidden" name="intent" value="stop-all" />
        <button type="submit" className={alertButtonClass}>
          {t`Stop all alerts`}
        </button>
      </form>
    </AlertPage>
  );
}
