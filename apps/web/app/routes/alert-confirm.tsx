import type { RouteHandle } from "@khayl/contract/page-rules";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { AlertPage, alertButtonClass } from "../components/alert-page.tsx";
import { BDI_SLOTS, BdiText } from "../components/bdi-text.tsx";
import { confirmAction, loadAlertLink } from "../lib/alerts.server.ts";
import { retryAfterHeaders } from "../lib/api-error.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/alert-confirm";

/**
 * Without framework JavaScript (decision 024): the Confirm button is a plain form POST. The
 * path holds the link's token: a private page (decision 019), never kept, indexed, referred
 * or reported to analytics. It shows the subscriber's e-mail address (`personalData`).
 */
export const handle = { page: { private: true, scripts: false, personalData: true } } satisfies RouteHandle;

/** Reads the link's subscription; opening the link (mail scanners do) confirms nothing. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAlertLink(request, context, params.token);
}

/** A refusal's `retry-after` reaches the answer (`retryAfterHeaders`). */
export const headers = retryAfterHeaders;

/** The Confirm button (decision 028: consent recorded only by this POST). */
export async function action({ params, context }: Route.ActionArgs) {
  return confirmAction(params.token, context);
}

/**
 * Title 'Confirm your alerts', or 'Alerts confirmed' once they are (the page's answer to the
 * Confirm button reloads the subscription, so its tab says what its heading says), and its
 * description, with `pageMeta`'s share card (no canonical, hreflang or `og:url`: the URL
 * holds the link's token); `noindex, nofollow` and the referrer rule come with its private
 * `handle` (root's Layout, decision 019).
 */
export function meta({ data, matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, {
    title: i18n._(data?.subscription?.confirmed ? msg`Alerts confirmed` : msg`Confirm your alerts`),
    description: i18n._(msg`Confirm the e-mail alerts you asked for.`),
  });
}

/** /alerts/confirm/{token} (decision 028): the page behind the confirmation mail's link. */
export default function AlertConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  if (actionData?.ok)
    return (
      <AlertPage title={t`Alerts confirmed`}>
        <p>{t`You will get a mail when something you asked about appears or changes. Every alert mail has a link to stop them.`}</p>
      </AlertPage>
    );
  const sub = loaderData.subscription;
  const address = BDI_SLOTS[0];
  if (!sub)
    return (
      <AlertPage title={t`Confirm your alerts`}>
        <p>{t`This link is no longer valid: it has expired, was replaced by a newer one, or the alerts were stopped.`}</p>
      </AlertPage>
    );
  return (
    <AlertPage
      title={sub.confirmed ? t`Alerts confirmed` : t`Confirm your alerts`}
      error={actionData && !actionData.ok ? actionData.message : null}
    >
      <p>
        {/* The address keeps its own reading order inside Arabic text (`BdiText`). */}
        <BdiText text={t`Send alerts to ${address}?`} values={[sub.email]} className="wrap-anywhere" />
      </p>
      {sub.confirmed ? (
        <p>{t`These alerts are already confirmed.`}</p>
      ) : (
        <form method="post">
          <button type="submit" className={alertButtonClass}>
            {t`Confirm`}
          </button>
        </form>
      )}
    </AlertPage>
  );
}
