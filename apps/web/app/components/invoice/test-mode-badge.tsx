import { useLingui } from "@lingui/react/macro";

/**
 * The 'Test mode' badge beside the invoice heading, on every step (architecture §3.8: test
 * mode is clearly marked). Step 3 adds the full notice (`TestModeNotice`) with the payment form.
 */
export function TestModeBadge() {
  const { t } = useLingui();
  return (
    <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-bold uppercase tracking-wide text-amber-900">
      {t`Test mode`}
    </span>
  );
}
