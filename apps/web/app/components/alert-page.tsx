import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useActionData } from "react-router";

/** The button of the alert pages (a real form POST: opening a mail's link never acts by itself). */
export const alertButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-brand px-6 py-2 font-semibold text-white " +
  "hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand";

/**
 * The frame of the alert pages (decision 028): a heading, then `children`; an API `error` is
 * shown as an alert above them, and a form's `notice` ('The alert is stopped.') as a status.
 * These pages run no script (decision 024), so a form's answer is a new page, and live
 * regions present at load are not read out: the page that answers a post loads focused on
 * what it says, the error, else the notice, else the heading, so a screen reader reads it;
 * unless `childFocus`: a field among `children` takes it (a refused form shown again).
 * `redirectedPost`: the page is the one a post was redirected to (its loader says so), which
 * answers that post as much as the post's own page would.
 */
export function AlertPage({
  title,
  error,
  notice,
  childFocus = false,
  redirectedPost = false,
  children,
}: {
  title: string;
  error?: string | null;
  notice?: string | null;
  childFocus?: boolean;
  redirectedPost?: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const answered = (useActionData() !== undefined || redirectedPost) && !childFocus;
  const outcome = error ? "error" : notice ? "notice" : "title";
  // The outcome of a post takes focus at load (server-rendered `autofocus`, `tabIndex` -1).
  const focus = (part: typeof outcome) => (answered && outcome === part ? { autoFocus: true, tabIndex: -1 } : {});
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-16 text-ink">
      <h1 className="text-3xl font-bold" {...focus("title")}>
        {title}
      </h1>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-700 px-4 py-3 text-red-800" {...focus("error")}>
          {t`Something went wrong:`} {error}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="rounded-lg border border-brand px-4 py-3" {...focus("notice")}>
          {notice}
        </p>
      ) : null}
      {children}
    </div>
  );
}
