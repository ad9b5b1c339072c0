import { useMemo } from "react";
import { Link } from "react-router";
import { accountCatalogueFor, useAccountT } from "../lib/i18n/account.ts";
import { useT } from "../lib/i18n/index.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/success";

export function meta({ matches }: Route.MetaArgs) {
  const t = accountCatalogueFor().account;
  return pageMeta(matches, { title: t.successTitle, description: t.successDescription });
}

/** /success (product §2): the end of the account-deletion flow. */
export default function Success() {
  const core = useT();
  const area = useAccountT();
  // One object for the render's lifetime: effects that depend on `t` must not re-run.
  const t = useMemo(() => ({ ...core, ...area }), [core, area]);
  return (
    <main id="main" className="mx-auto grid max-w-xl justify-items-center gap-6 px-4 py-24 text-center">
      <span aria-hidden="true" className="grid size-16 place-items-center rounded-full bg-brand text-3xl text-white">
        ✓
      </span>
      <h1 className="text-3xl font-bold">{t.account.success}</h1>
      <Link
        to="/"
        className="inline-flex min-h-11 items-center rounded-full bg-brand px-6 py-2 font-semibold text-white hover:bg-brand-700"
      >
        {t.account.home}
      </Link>
    </main>
  );
}
