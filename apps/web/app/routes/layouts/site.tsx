import { Outlet } from "react-router";
import { AppModalProvider } from "../../components/app-modal.tsx";
import { SiteFooter } from "../../components/site-footer.tsx";
import { SiteNav } from "../../components/site-nav.tsx";

/** Pages with the top navigation and footer (product §2); cards inside can open the app modal. */
export default function SiteLayout() {
  return (
    <AppModalProvider>
      <SiteNav />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </AppModalProvider>
  );
}
