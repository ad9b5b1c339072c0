import { useLingui } from "@lingui/react/macro";
import { usePublicConfig } from "../lib/config.ts";

/**
 * The App Store and Google Play buttons (links from configuration). `tone` picks
 * dark buttons for light backgrounds and light ones for dark backgrounds.
 */
export function StoreButtons({ tone = "dark", className = "" }: { tone?: "dark" | "light"; className?: string }) {
  const config = usePublicConfig();
  const { t } = useLingui();
  const style = tone === "dark" ? "bg-ink text-white hover:bg-black" : "bg-white text-ink hover:bg-slate-100";
  const stores = [
    { href: config.iosAppUrl, label: t`Download on the App Store`, short: t`App Store`, icon: "icon-apple" },
    { href: config.androidAppUrl, label: t`Get it on Google Play`, short: t`Google Play`, icon: "icon-google-play" },
  ];
  return (
    <div className={`flex flex-wrap gap-3 ${className}`}>
      {stores.map((store) => (
        <a
          key={store.short}
          href={store.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={store.label}
          className={`inline-flex min-h-12 items-center gap-2 rounded-xl px-4 py-2 text-start ${style}`}
        >
          <span aria-hidden="true" className={`${store.icon} size-6`} />
          <span className="text-sm leading-tight font-semibold">{store.short}</span>
        </a>
      ))}
    </div>
  );
}
