import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { AlertPage, alertButtonClass } from "../components/alert-page.tsx";
import { loadAlertLink, unsubscribeAction } from "../lib/alerts.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/alert-manage";

/** Without framework JavaScript (decision 024): the Stop button is a plain form POST. The token is a path parameter, so the page cache never keeps these pages. */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/** Reads the link's subscription; a GET never changes it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAlertLink(request, context, params.token);
}

/** The Stop button: every alert to the address stops at once (decision 028). */
export async function action({ params, context }: Route.ActionArgs) {
  return unsubscribeAction(params.token, context);
}

export function meta({ matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, {
    title: i18n._(msg`Your alerts`),
    description: i18n._(msg`Change or stop your e-mail alerts.`),
  });
}

/** /alerts/manage/{token} (decision 028): the page every alert mail links to. */
export default function AlertManage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  if (actionData?.ok)
    return (
      <AlertPage title={t`Alerts stopped`}>
        <p>{t`You will receive no more alerts. You can ask again on the flights or transport page.`}</p>
      </AlertPage>
    );
  const sub = loaderData.subscription;
  if (!sub)
    return (
      <AlertPage title={t`Your alerts`}>
        <p>{t`This link is no longer valid: the alerts were stopped or never confirmed.`}</p>
      </AlertPage>
    );
  return (
    <AlertPage title={t`Your alerts`} error={actionData && !actionData.ok ? actionData.message : null}>
      <p>{t`Alerts go to ${sub.email}. To change what you watch, stop these alerts and ask again with the form on the flights or transport page.`}</p>
      <form method="post">
        <button type="submit" className={alertButtonClass}>
          {t`Stop all alerts`}
        </button>
      </form>
    </AlertPage>
  );
}
