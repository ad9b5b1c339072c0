import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "../lib/i18n/link.tsx";

/**
 * Parts shared by the pages of one item: a show, a flight (product §2, show and flight pages) and a blog (product §2
 * Blog detail).
 */

/** The heading (and page title) of an item page whose item could not be read from the API. */
const unavailable = msg`Temporarily unavailable`;

/**
 * True when a detail page's loader status means the API failed (5xx): the item may well
 * exist, so the page must not say it was not found.
 */
function isUnavailable(status: number): boolean {
  return status >= 500;
}

/**
 * The title of an item page that has no item: `notFound` ('Show not found.') for a 404,
 * 'Temporarily unavailable' when the API failed.
 */
export function missingItemTitle(status: number, notFound: MessageDescriptor): MessageDescriptor {
  return isUnavailable(status) ? unavailable : notFound;
}

/** A link back to a list (site path, localised), with a start-pointing arrow. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline"
    >
      <span aria-hidden="true" className="rtl:-scale-x-100">
        ←
      </span>
      {children}
    </Link>
  );
}

/** What `MissingItem` says and where it leads. */
export interface MissingItemProps {
  /** The loader's HTTP status: 404 (not found) or 5xx (the API failed). */
  status: number;
  /** The not-found heading, e.g. 'Blog not found.' (product §2). */
  notFound: MessageDescriptor;
  /** Why a 404 item may be missing, e.g. 'This article may have been moved or removed.'. */
  reason: string;
  /** What a 5xx says, e.g. 'The schedule cannot be read right now. Please try again later.'. */
  unavailableReason: string;
  /** The list the item belongs to (site path, localised). */
  to: string;
  /** The link's text, e.g. 'All blogs'. */
  linkLabel: string;
}

/**
 * What an item page shows instead of its item: for a 404 the not-found heading and why the
 * item may be missing; when the API failed (5xx) 'Temporarily unavailable' and that it cannot
 * be read right now (so a visitor tries again rather than believing it gone); then a link to
 * the item's list.
 */
export function MissingItem({ status, notFound, reason, unavailableReason, to, linkLabel }: MissingItemProps) {
  const { i18n } = useLingui();
  const text = isUnavailable(status) ? unavailableReason : reason;
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-ink">{i18n._(missingItemTitle(status, notFound))}</h1>
      <p className="mt-3 text-lg text-slate-700">{text}</p>
      <Link
        to={to}
        className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        {linkLabel}
      </Link>
    </section>
  );
}
