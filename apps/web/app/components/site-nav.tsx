import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { usePublicConfig } from "../lib/config.ts";
import { Link, NavLink } from "../lib/i18n/link.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { Logo } from "./logo.tsx";

function useNavLinks() {
  const { t } = useLingui();
  return [
    { to: "/", label: t`Home`, end: true },
    { to: "/transport", label: t`Shows` },
    { to: "/flights", label: t`Flights` },
    { to: "/blogs", label: t`Blogs` },
    { to: "/aboutus", label: t`About us` },
    { to: "/contact-us", label: t`Contact us` },
  ];
}

const activeLink = "text-brand underline decoration-2 underline-offset-8";
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 font-medium transition-colors ${isActive ? activeLink : "text-ink hover:text-brand"}`;

/**
 * The top navigation (product §2): Home, Shows, Flights, Blogs, About us, Contact us and
 * the highlighted app button to /release-logs. Where they do not all fit the bar whole, each
 * on one line (below `nav-wide`, app.css: 64rem in English, 72rem in Arabic, whose words are
 * wider), it collapses into a slide-in side menu (a modal `<dialog>`: focus kept inside,
 * Escape closes) opened by a labelled menu button. The buttons open and close it with invoker commands and a
 * backdrop click closes it (`closedby="any"`), so the menu works on content pages without
 * scripts (decision 024) and before hydration; in a browser running the app the same buttons also
 * call `showModal()`/`close()` (browsers without invoker commands) and navigation closes
 * it. The menu button carries no `aria-expanded`: on a button with `command` the browser
 * owns that state (HTML's ARIA rules; the Nu HTML Checker refuses it), and while the modal
 * menu is open the page behind it, the button included, is inert anyway.
 */
export function SiteNav() {
  const { t } = useLingui();
  const config = usePublicConfig();
  const links = useNavLinks();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const menuId = "site-menu";

  // A navigation closes the menu; the first run is hydration, which must leave a menu
  // opened natively before it open.
  const shownPath = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const path = `${location.pathname}${location.search}`;
    if (path === shownPath.current) return;
    shownPath.current = path;
    if (dialogRef.current?.open) dialogRef.current.close();
  }, [location.pathname, location.search]);

  function openMenu() {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }
  function closeMenu() {
    dialogRef.current?.close();
  }

  const product = config.productName;
  const appButton = (
    <Link
      to="/release-logs"
      className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
    >
      {t`${product} App`}
    </Link>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <a
        href="#main"
        className={
          "sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded " +
          "focus:bg-white focus:p-2"
        }
      >
        {t`Skip to content`}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo compact />
        <nav aria-label={t`Main`} className="hidden shrink-0 nav-wide:block">
          {/* Never narrower than its words: a squeezed link once broke inside one (Hom|e). */}
          <ul className="flex items-center gap-1 whitespace-nowrap">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden shrink-0 items-center gap-2 whitespace-nowrap nav-wide:flex">
          <LanguageSwitch />
          {appButton}
        </div>
        <button
          type="button"
          className="grid size-11 place-items-center rounded-lg text-ink hover:bg-slate-100 nav-wide:hidden"
          aria-label={t`Open menu`}
          aria-haspopup="dialog"
          commandfor={menuId}
          command="show-modal"
          onClick={openMenu}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 stroke-current" fill="none" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </button>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: backdrop click; keyboards have Escape and × */}
      <dialog
        id={menuId}
        ref={dialogRef}
        aria-label={t`Main`}
        // A backdrop click closes it with the platform too (no script: decision 024).
        closedby="any"
        className={
          "side-menu m-0 ms-auto h-dvh max-h-none w-[min(85vw,20rem)] bg-white p-0 text-ink " + "backdrop:bg-black/40"
        }
        onClick={(event) => {
          if (event.target === event.currentTarget) closeMenu();
        }}
      >
        <div className="flex items-center justify-between border-b border-slate-200 p-4">
          <Logo compact />
          <button
            type="button"
            className="grid size-11 place-items-center rounded-lg text-2xl hover:bg-slate-100"
            aria-label={t`Close menu`}
            commandfor={menuId}
            command="close"
            onClick={closeMenu}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <nav aria-label={t`Main`}>
          <ul className="grid gap-1 p-4">
            {links.map((link) => (
              <li key={link.to}>
                {/* A whole row, 44 px high, for a thumb: focus rings of two links never overlap. */}
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={(state) => `${linkClass(state)} flex min-h-11 items-center`}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="mt-4">{appButton}</li>
            <li>
              <LanguageSwitch />
            </li>
          </ul>
        </nav>
      </dialog>
    </header>
  );
}
