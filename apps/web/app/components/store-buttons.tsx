import { useLingui } from "@lingui/react/macro";
import { usePublicConfig } from "../lib/config.ts";

function AppleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-current">
      <path
        d={
          "M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 " +
          "0-3.2 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 " +
          "3-2.4.9-1.4 1.3-2.7 1.3-2.8-.1 0-2.6-1-2.6-3.9zM14 5.5c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 " +
          "2.9 1 .1 2.1-.6 2.8-1.4z"
        }
      />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-current">
      <path d="M4 2.8v18.4c0 .6.7 1 1.2.7l15.6-9.2c.5-.3.5-1.1 0-1.4L5.2 2.1C4.7 1.8 4 2.2 4 2.8z" />
    </svg>
  );
}

/**
 * The App Store and Google Play buttons (links from configuration). `tone` picks
 * dark buttons for light backgrounds and light ones for dark backgrounds.
 */
export function StoreButtons({ tone = "dark", className = "" }: { tone?: "dark" | "light"; className?: string }) {
  const config = usePublicConfig();
  const { t } = useLingui();
  const style = tone === "dark" ? "bg-ink text-white hover:bg-black" : "bg-white text-ink hover:bg-slate-100";
  const stores = [
    { href: config.iosAppUrl, label: t`Download on the App Store`, short: t`App Store`, icon: <AppleIcon /> },
    { href: config.androidAppUrl, label: t`Get it on Google Play`, short: t`Google Play`, icon: <PlayIcon /> },
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
          {store.icon}
          <span className="text-sm leading-tight font-semibold">{store.short}</span>
        </a>
      ))}
    </div>
  );
}
